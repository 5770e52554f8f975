// Start-up glue that must not wait for Python: the embed flag and the offline service worker.
(function () {
  "use strict";
  if (new URLSearchParams(location.search).has("embed")) {
    document.documentElement.classList.add("embed");
  }
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("./sw.js").then(function (reg) {
      return navigator.serviceWorker.ready;
    }).then(function () {
      document.documentElement.dataset.offline = "ready";
      var el = document.getElementById("offline");
      if (el) el.hidden = false;
    }).catch(function (err) {
      console.warn("offline mode unavailable:", err);
    });
  }
})();
