// The article's statements from lab runs (tests/js/lab-claims.mjs lists them, docs/lab-claims.md explains them),
// each rerun in its exact configuration (the page's defaults, presets as their links set them) for seeds 1..10
// and held to its predicate, in verdict.js's words. A statement that holds for fewer than 9 of the 10 seeds
// fails here, with every seed's numbers: the article may not say of a tiny model what only some seeds show. (A
// statement about named seeds, "seed 1 at both", must hold for each seed it names.)
// The papers presets' statements (web/src/lab/papers.js) are claims-papers.test.mjs's. One run per scheme,
// configuration and seed (identical configurations train once; docs/lab-claims.md, "Cost of the test").
import { isPapers, testClaims } from './claims-suite.mjs';

testClaims((claim) => !isPapers(claim));
