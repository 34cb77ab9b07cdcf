// How a page starts its one script (./start-islands.ts): not with a <script src> that the browser
// fetches and runs alongside the first paint, but with this small inline loader, which adds the
// script once the page has been painted, or at once when a visitor reaches for the page. The
// HTML is the whole page already; JavaScript only makes parts of it interactive.

import {
  HELD_PRESS_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  PAGE_CONTROL_ATTRIBUTE,
  PAGE_SCRIPT_ATTRIBUTE,
} from './island-attributes.ts'

// Plain ES2017 in a string, the same text on every page, so one CSP hash allows it everywhere.
// A press on an island's button before the island has started is held (its default prevented,
// so a form does not submit without its checks) and pressed again by ./start-islands.ts once it
// has; a press on a page control (the search button) likewise, until the page script runs it.
export const PAGE_SCRIPT_LOADER = `(function (loader) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.src = loader.getAttribute('${PAGE_SCRIPT_ATTRIBUTE}');
    document.head.appendChild(script);
  }
  ['pointerover', 'focusin', 'touchstart', 'keydown'].forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  addEventListener('click', function (event) {
    var button = event.target.closest ? event.target.closest('button') : null;
    var island = button && button.closest('[data-island], [${PAGE_CONTROL_ATTRIBUTE}]');
    if (!island || island.hasAttribute('${HYDRATED_ATTRIBUTE}')) return;
    event.preventDefault();
    button.setAttribute('${HELD_PRESS_ATTRIBUTE}', '');
    start();
  }, true);
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) {
    addEventListener('load', start);
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
})(document.currentScript);`.replace(/\n\s*/g, ' ')
