// VitePress's theme, with <pe-figure> registered in the browser (the server render has no custom elements).
import DefaultTheme from 'vitepress/theme';

export default {
  extends: DefaultTheme,
  enhanceApp() {
    if (!import.meta.env.SSR) import('pe-explorer/element');
  },
};
