// Vite's `?raw` imports (a file's text as the default export), for the type checks of web/src. vite/client
// declares these too, but web/tsconfig.json loads no ambient types.
declare module '*?raw' {
  const text: string;
  export default text;
}
