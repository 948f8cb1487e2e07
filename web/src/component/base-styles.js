// The site's stylesheet (its palette and type), imported first by the npm package's entry (package.js) so that
// it goes first into the element's stylesheet (assets/pe-figure.css), as in the site's build (vite.config.js's
// componentStyles, which the site's pages give it): the figures' own rules build on it.
import '../styles.css';
