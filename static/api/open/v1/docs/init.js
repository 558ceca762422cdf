"use strict";
// Settings come from the page (data-* on this script): no inline script, so the CSP can forbid it.
(function () {
  var data = document.currentScript.dataset;
  window.ui = SwaggerUIBundle({
    url: data.document,
    dom_id: "#docs",
    deepLinking: true,
    layout: "BaseLayout",
    presets: [SwaggerUIBundle.presets.apis],
    validatorUrl: null,
    displayRequestDuration: true,
    showExtensions: true,
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false
  });
})();
