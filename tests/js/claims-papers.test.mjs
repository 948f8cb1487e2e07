// The papers presets' statements (web/src/lab/papers.js): each published finding beside what the lab's runs
// show, held to the page's statement of agreement or disagreement for seeds 1..10, as claims.test.mjs holds the
// article's statements. In a file of its own so that the two run side by side.
import { isPapers, testClaims } from './claims-suite.mjs';

testClaims(isPapers);
