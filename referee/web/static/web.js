// The site's only script: parts marked data-live refresh themselves when the site says they changed
// (forms are never touched), and times marked "local" are shown in the viewer's own time zone.
//
// The site pushes "changed" on a stream (/live, Server-Sent Events) with the ids of the parts to fetch
// again; those parts alone are then asked for (?parts=...), answered as the page is, and swapped. Talk
// heard where the player is comes with it as the lines themselves ("said"): each is added to the thread
// of its room and day where the page shows it (once), and kept a minute so that a part swapped in
// meanwhile, read before it was said, still shows it. Where a stream cannot be had, the page asks every
// 30 seconds with the version it holds (If-None-Match), and the site answers 304 (nothing) until
// something changed.
"use strict";
(function () {
  var POLL = 30000;
  var etag = null;
  var busy = false;
  var again = null;
  var waiting = null;
  var polling = null;

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
  var KEEP_SAID = 60000;
  var heard = [];
  function place(lines) {
    // each line of talk added to the thread of its room and day, where the page shows it, once
    lines.forEach(function (line) {
      document.querySelectorAll("[data-live] ol.thread").forEach(function (list) {
        if (list.dataset.place !== line.place || list.dataset.day !== line.day) { return; }
        var already = Array.prototype.some.call(list.querySelectorAll("li[data-said]"), function (item) {
          return item.dataset.said === line.key;
        });
        if (already) { return; }
        var none = list.querySelector("li.none");
        if (none) { none.remove(); }
        list.insertAdjacentHTML("beforeend", line.html);  // the site's own template, escaped there
      });
    });
  }
  function hear(lines) {
    var now = Date.now();
    heard = heard.filter(function (line) { return now - line.at < KEEP_SAID; });
    lines.forEach(function (line) { line.at = now; heard.push(line); });
    place(lines);
  }
  function swap(html, parts) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    localTimes(fresh);
    document.querySelectorAll("[data-live][id]").forEach(function (old) {
      if (parts && parts.indexOf(old.id) < 0) { return; }
      var next = fresh.getElementById(old.id);
      if (next && next.innerHTML !== old.innerHTML) {
        old.innerHTML = next.innerHTML;
      }
    });
    place(heard);
  }
  function merged(held, parts) {
    // the parts to swap of two calls ([]: every live part)
    if (!held) { return parts || []; }
    return held.length && parts && parts.length ? held.concat(parts) : [];
  }
  function refresh(parts, conditional) {
    // parts: the ids to swap (null: every live part); conditional: send the version held
    if (document.hidden) { waiting = merged(waiting, parts); return; }
    if (busy) { again = merged(again, parts); return; }
    busy = true;
    var headers = { "X-Live": "1" };
    if (conditional && etag) { headers["If-None-Match"] = etag; }
    var address = new URL(window.location.href);
    if (parts && parts.length) { address.searchParams.set("parts", parts.join(",")); }
    fetch(address.toString(), { credentials: "same-origin", headers: headers, cache: "no-store" })
      .then(function (response) {
        if (response.status === 304 || !response.ok) { return null; }
        if (!address.searchParams.has("parts")) { etag = response.headers.get("ETag") || etag; }
        return response.text();
      })
      .then(function (html) { if (html) { swap(html, parts && parts.length ? parts : null); } })
      .catch(function () { /* the next round tries again */ })
      .then(function () {
        busy = false;
        if (again) { var next = again; again = null; refresh(next.length ? next : null, false); }
      });
  }
  function poll() {
    document.body.dataset.live = "poll";
    if (!polling) { polling = window.setInterval(function () { refresh(null, true); }, POLL); }
  }
  function listen() {
    var opened = false;
    var source = new EventSource("/live?path=" + encodeURIComponent(window.location.pathname) +
      "&lang=" + encodeURIComponent(document.documentElement.lang || ""));
    source.addEventListener("changed", function (message) {
      var told = null;
      try { told = JSON.parse(message.data); } catch (error) { told = null; }
      if (told && told.said) { hear(told.said); }
      if (told && told.said && told.parts && !told.parts.length) { return; }  // the lines were all
      refresh(told ? told.parts : null, false);
    });
    source.onopen = function () {
      if (opened) { refresh(null, false); }  // back after a cut: what changed meanwhile
      opened = true;
      document.body.dataset.live = "push";
    };
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) { poll(); }  // refused, or too many open
    };
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && waiting) {
      var parts = waiting;
      waiting = null;
      refresh(parts.length ? parts : null, polling !== null);
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    localTimes(document);
    if (!document.querySelector("[data-live][id]")) { return; }
    if (window.EventSource) { listen(); } else { poll(); }
  });
})();
