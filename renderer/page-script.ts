// How a page starts its one script (./start-islands.ts): not with a <script src> that the browser
// fetches and runs alongside the first paint, but with this small inline loader, which adds the
// script once the page has been painted, or at once when a visitor reaches for the page. The
// HTML is the whole page already; JavaScript only makes parts of it interactive.
//
// A press is answered here, from the first paint on, whenever the HTML can answer it alone, so
// that a visitor on a slow phone never waits for the page script to see a response:
// - a dialog's opener (./dialog-attributes.ts) opens its native <dialog> at once, always, and
//   focuses it, or its field marked autofocus (the search's, its words selected), having first
//   given it the opener's subject if it has one (the item a Request Guide button is for); on
//   closing, focus goes back where it was, or to the opener if nothing had it (what
//   showModal() makes inert is also marked inert, for checkers and assistive technologies that
//   do not yet take a modal's inertness into account); a frame in it is attached after the
//   dialog's first paint (attaching one costs as much as the rest of the opening, and the dialog
//   already says it is loading), counts as loaded only once its own page posts a message (its
//   load event fires for the browser's error page too), and the dialog is marked failed if none
//   comes in time;
// - a disclosure button (aria-expanded, aria-controls) in an island not yet started shows or
//   hides its panel at once, and is pressed again once the island has started, so the island's
//   state agrees with what is on screen;
//   until the island has started, a press or focus outside it, or Escape, closes it again;
// - Escape in a dialog's field that holds words clears them until the field's island has
//   started, as the island does after (the next Escape closes the dialog);
// - any other button in an island not yet started is held (its default prevented, so a form
//   does not submit without its checks) and pressed again by ./start-islands.ts once it has;
// - a press on a page control (the not-found page's back button) is likewise held until the page
//   script runs it;
// - a key shortcut a control declares in aria-keyshortcuts ("/ Control+K" on the search button)
//   presses it, unless a dialog is open, or the shortcut is a plain key typed into a field.
// Whose press it is, the loader's or React's, is decided once, when the press begins (pointerdown,
// or Enter or Space going down): React answers a press only if it saw it begin, and answering one
// twice would open and close a menu in the same tap. A press the loader takes is stopped before
// React sees its click; one that began before React listened and ends after the island started
// is pressed again here.

import {
  DIALOG_SUBJECT_ATTRIBUTE,
  FRAME_FAILED_ATTRIBUTE,
  FRAME_LOADED_ATTRIBUTE,
  FRAME_SILENCE_LIMIT_MS,
  LIGHT_DISMISS_ATTRIBUTE,
  OPENER_FRAME_ATTRIBUTE,
  OPENS_DIALOG_ATTRIBUTE,
  SCHEDULER_EMBED,
  SUBJECT_TEXT_ATTRIBUTE,
} from './dialog-attributes.ts'
import {
  HELD_PRESS_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  LISTENING_ATTRIBUTE,
  PAGE_CONTROL_ATTRIBUTE,
  PAGE_SCRIPT_ATTRIBUTE,
} from './island-attributes.ts'
import { inlineScript } from './inline-script.ts'

// Plain ES2017 in a string, the same text on every page, so one CSP hash allows it everywhere.
export const PAGE_SCRIPT_LOADER = inlineScript(`(function (loader) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.src = loader.getAttribute('${PAGE_SCRIPT_ATTRIBUTE}');
    document.head.appendChild(script);
  }
  function openDialog(opener) {
    var dialog = document.getElementById(opener.getAttribute('${OPENS_DIALOG_ATTRIBUTE}'));
    if (!dialog || !dialog.showModal) return false;
    if (dialog.open) return true;
    var subject = opener.getAttribute('${DIALOG_SUBJECT_ATTRIBUTE}');
    if (subject !== null) {
      dialog.setAttribute('${DIALOG_SUBJECT_ATTRIBUTE}', subject);
      dialog.querySelectorAll('[${SUBJECT_TEXT_ATTRIBUTE}]').forEach(function (place) { place.textContent = subject; });
    }
    var hosts = dialog.querySelectorAll('[${OPENER_FRAME_ATTRIBUTE}]'), frame, silence, closed = false;
    function attachFrames() {
      if (closed) return;
      hosts.forEach(function (host) {
        frame = document.createElement('iframe');
        frame.src = opener.href;
        frame.name = '${SCHEDULER_EMBED.frameName}';
        frame.title = host.getAttribute('data-frame-title');
        frame.className = host.getAttribute('data-frame-class');
        host.appendChild(frame);
      });
      if (frame) {
        addEventListener('message', heard);
        silence = setTimeout(function () { dialog.setAttribute('${FRAME_FAILED_ATTRIBUTE}', ''); }, ${FRAME_SILENCE_LIMIT_MS});
      }
    }
    function heard(event) {
      if (!frame || event.source !== frame.contentWindow) return;
      clearTimeout(silence);
      dialog.removeAttribute('${FRAME_FAILED_ATTRIBUTE}');
      dialog.setAttribute('${FRAME_LOADED_ATTRIBUTE}', '');
      if ((event.data || {}).type === '${SCHEDULER_EMBED.ready}')
        event.source.postMessage({ originator: '${SCHEDULER_EMBED.originator}', method: '${SCHEDULER_EMBED.answer}' }, event.origin);
    }
    var outside = [].filter.call(document.body.children, function (element) {
      return !element.contains(dialog) && !element.inert;
    });
    var back = document.activeElement;
    if (!back || back === document.body) back = opener;
    outside.forEach(function (element) { element.inert = true; });
    dialog.addEventListener('close', function () {
      closed = true;
      outside.forEach(function (element) { element.inert = false; });
      hosts.forEach(function (host) { host.textContent = ''; });
      removeEventListener('message', heard);
      clearTimeout(silence);
      dialog.removeAttribute('${FRAME_LOADED_ATTRIBUTE}');
      dialog.removeAttribute('${FRAME_FAILED_ATTRIBUTE}');
      back.focus();
    }, { once: true });
    dialog.showModal();
    var field = dialog.querySelector('[autofocus]');
    if (field) {
      field.focus();
      if (field.select) field.select();
    } else dialog.focus();
    if (hosts.length) requestAnimationFrame(function () { setTimeout(attachFrames, 0); });
    return true;
  }
  function closeHeldPanels(target) {
    document.querySelectorAll('button[${HELD_PRESS_ATTRIBUTE}][aria-expanded="true"]').forEach(function (button) {
      var island = button.closest('[data-island]');
      if (target && island && island.contains(target)) return;
      var panel = document.getElementById(button.getAttribute('aria-controls'));
      button.setAttribute('aria-expanded', 'false');
      button.removeAttribute('${HELD_PRESS_ATTRIBUTE}');
      if (panel) {
        if (panel.contains(document.activeElement)) button.focus();
        panel.hidden = true;
      }
    });
  }
  addEventListener('pointerdown', function (event) { closeHeldPanels(event.target); }, true);
  addEventListener('focusin', function (event) { closeHeldPanels(event.target); }, true);
  addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    closeHeldPanels(null);
    /* In a dialog whose island has not started, Escape clears a field holding words, as the
       island does once started; the next Escape closes the dialog. */
    var field = event.target, island = field.closest && field.closest('dialog [data-island]');
    if (island && !reactSees(island) && field.matches('input') && field.value) {
      event.preventDefault();
      field.value = '';
    }
  }, true);
  ['pointerover', 'focusin', 'touchstart', 'keydown'].forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  var pressStart = null;
  function controlOf(target) {
    var button = target.closest && target.closest('button');
    var island = button && button.closest('[data-island], [${PAGE_CONTROL_ATTRIBUTE}]');
    return island ? { button: button, island: island } : null;
  }
  function reactSees(island) {
    return island.hasAttribute('${LISTENING_ATTRIBUTE}') || island.hasAttribute('${HYDRATED_ATTRIBUTE}');
  }
  function pressBegins(event) {
    /* Only the keys that press a button: Tab going down on one, to leave it, begins nothing. */
    if (event.type === 'keydown' && event.key !== 'Enter' && event.key !== ' ') return;
    var control = controlOf(event.target);
    pressStart = control && { button: control.button, seen: reactSees(control.island) };
  }
  addEventListener('pointerdown', pressBegins, true);
  addEventListener('keydown', pressBegins, true);
  function replay(button) {
    if (!button.hasAttribute('${HELD_PRESS_ATTRIBUTE}')) return;
    button.removeAttribute('${HELD_PRESS_ATTRIBUTE}');
    button.click();
  }
  addEventListener('click', function (event) {
    var target = event.target;
    if (!target.closest || event.defaultPrevented) return;
    if (target.tagName === 'DIALOG' && target.open && target.hasAttribute('${LIGHT_DISMISS_ATTRIBUTE}')) {
      target.close();
      return;
    }
    var opener = target.closest('[${OPENS_DIALOG_ATTRIBUTE}]');
    if (opener) {
      var plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
      if (plain && openDialog(opener)) event.preventDefault();
      return;
    }
    var control = controlOf(target);
    /* A click from a script (a held press replayed) began nowhere a visitor pressed. */
    var began = event.isTrusted ? pressStart : null;
    pressStart = null;
    if (!control) return;
    var button = control.button, island = control.island;
    if (button.form && button.form.method === 'dialog') return;
    /* A press with no beginning here (a screen reader's, or a replay) is React's once it listens. */
    var reacts = island.hasAttribute('${PAGE_CONTROL_ATTRIBUTE}')
      ? island.hasAttribute('${HYDRATED_ATTRIBUTE}')
      : began && began.button === button ? began.seen : reactSees(island);
    if (reacts) return;
    event.preventDefault();
    event.stopPropagation();
    start();
    var panel = document.getElementById(button.getAttribute('aria-controls'));
    if (panel && button.hasAttribute('aria-expanded')) {
      var expanded = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(expanded));
      panel.hidden = !expanded;
      if (button.hasAttribute('${HELD_PRESS_ATTRIBUTE}')) {
        button.removeAttribute('${HELD_PRESS_ATTRIBUTE}');
        return;
      }
    }
    button.setAttribute('${HELD_PRESS_ATTRIBUTE}', '');
    /* Started already: the page script replays held presses only as an island settles. */
    if (island.hasAttribute('${HYDRATED_ATTRIBUTE}')) setTimeout(function () { replay(button); });
  }, true);
  function shortcutOf(event) {
    var parts = [];
    if (event.ctrlKey) parts.push('Control');
    if (event.metaKey) parts.push('Meta');
    if (event.altKey) parts.push('Alt');
    var printable = event.key.length === 1;
    if (event.shiftKey && !printable) parts.push('Shift');
    parts.push(printable ? event.key.toUpperCase() : event.key);
    return parts.join('+');
  }
  addEventListener('keydown', function (event) {
    if (event.defaultPrevented || event.isComposing || !event.key) return;
    var shortcut = shortcutOf(event);
    var target = event.target;
    if (shortcut.indexOf('+') < 0 && target.closest && target.closest('input, textarea, select, [contenteditable]')) return;
    if (document.querySelector('dialog[open], [role="dialog"]')) return;
    var control = [].find.call(document.querySelectorAll('[aria-keyshortcuts]'), function (element) {
      return element.getAttribute('aria-keyshortcuts').toUpperCase().split(' ').indexOf(shortcut.toUpperCase()) >= 0;
    });
    if (!control) return;
    event.preventDefault();
    control.click();
  });
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
})(document.currentScript);`)
