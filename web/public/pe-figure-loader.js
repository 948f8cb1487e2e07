// <script src="https://HOST/PATH/pe-figure-loader.js" defer></script>: loads pe-figure.js, the <pe-figure>
// element, from beside this file. A classic script like this one needs nothing from its host to run on another
// site's page; a module such as pe-figure.js needs the header Access-Control-Allow-Origin. When the host sends
// none, the import fails, and this says so in place of every <pe-figure> of the page, instead of nothing at all.
// Plain ES2020, no build step: the site serves it as it is (web/public/).
(function () {
  var script = document.currentScript;
  var src = new URL('pe-figure.js', script && script.src ? script.src : location.href).href;
  var origin = new URL(src).origin;

  /** The failure in words, as text in a box of its own at the top of each element. */
  function show(error) {
    var reason = error instanceof Error ? error.message : String(error);
    var text =
      origin === location.origin
        ? 'This PE Explorer figure could not load ' + src + '. Check your connection, then reload the page.'
        : 'This PE Explorer figure could not load ' +
          src +
          '. A page on another site can load it only if ' +
          origin +
          ' sends the header Access-Control-Allow-Origin: * (or this page\u2019s origin) with every file, and .wasm ' +
          'files as application/wasm: see docs/embedding.md, "What the host of PE Explorer must send".';
    document.querySelectorAll('pe-figure').forEach(function (element) {
      if (element.querySelector(':scope > .pe-load-failure')) return;
      var box = document.createElement('p');
      box.className = 'pe-load-failure';
      box.setAttribute('role', 'alert');
      box.setAttribute('style', 'border: 1px solid currentColor; padding: 0.5em 0.75em');
      box.textContent = text + ' (' + reason + ')';
      element.prepend(box);
    });
  }

  import(src).catch(function (error) {
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', function () {
        show(error);
      });
    } else show(error);
  });
})();
