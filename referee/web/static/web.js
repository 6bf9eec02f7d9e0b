// The dashboard's only script: parts marked data-live refresh themselves every few seconds
// (forms are never touched), and times marked "local" are shown in the viewer's own time zone.
"use strict";
(function () {
  function yours(root) {
    // a time beside the game's own, in the viewer's zone, shown only where the two differ
    root.querySelectorAll("span.yours").forEach(function (node) {
      var moment = new Date(node.querySelector("time").getAttribute("datetime"));
      if (!isNaN(moment) && -moment.getTimezoneOffset() !== Number(node.dataset.offset)) {
        node.hidden = false;
      }
    });
  }
  function localTimes(root) {
    yours(root);
    root.querySelectorAll("time.local").forEach(function (node) {
      var moment = new Date(node.getAttribute("datetime"));
      if (!isNaN(moment)) {
        node.textContent = moment.toLocaleString(document.documentElement.lang, {
          dateStyle: "medium", timeStyle: "short"
        });
      }
    });
  }
  function refresh() {
    if (document.hidden) { return; }
    fetch(window.location.href, { credentials: "same-origin", headers: { "X-Live": "1" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-live][id]").forEach(function (old) {
          var next = fresh.getElementById(old.id);
          if (next && next.innerHTML !== old.innerHTML) {
            old.innerHTML = next.innerHTML;
            localTimes(old);
          }
        });
      })
      .catch(function () { /* the next round tries again */ });
  }
  document.addEventListener("DOMContentLoaded", function () {
    localTimes(document);
    if (document.querySelector("[data-live]")) { window.setInterval(refresh, 5000); }
  });
})();
