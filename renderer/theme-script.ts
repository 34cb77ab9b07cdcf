// The colour theme: the class `dark` on <html> (renderer/styles.css remaps the palette under it),
// following the system setting unless the visitor chose light or dark. An inline script at the
// top of <head> sets the class before the first paint, so no page flashes the wrong theme, and it
// alone runs the theme control (components/layout/ThemeChoice.tsx): a change is applied at once,
// whether or not the page script has arrived. The CSP allows it by its hash, as one of the
// renderer's own inline scripts (./inline-sources.ts).

import { inlineScript } from './inline-script.ts'
import { THEME_CHOICE_ATTRIBUTE, THEME_STORAGE_KEY } from './theme-choices.ts'

export {
  THEME_CHOICE_ATTRIBUTE,
  THEME_CHOICES,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from './theme-choices.ts'

// Plain ES2017, the same text on every page, so one CSP hash allows it everywhere. Storage can
// throw (blocked cookies): a choice then holds on this page only.
export const THEME_SCRIPT = inlineScript(`(function () {
  var key = '${THEME_STORAGE_KEY}';
  var root = document.documentElement;
  var system = matchMedia('(prefers-color-scheme: dark)');
  var unsaved = 'system';
  function chosen() {
    try {
      var value = localStorage.getItem(key);
      return value === 'light' || value === 'dark' ? value : 'system';
    } catch (error) {
      return unsaved;
    }
  }
  function apply() {
    var choice = chosen();
    root.classList.toggle('dark', choice === 'dark' || (choice === 'system' && system.matches));
    var radios = document.querySelectorAll('input[${THEME_CHOICE_ATTRIBUTE}]');
    for (var i = 0; i < radios.length; i++) radios[i].checked = radios[i].value === choice;
  }
  apply();
  document.addEventListener('DOMContentLoaded', apply);
  system.addEventListener('change', apply);
  addEventListener('storage', function (event) {
    if (event.key === key || event.key === null) apply();
  });
  document.addEventListener('change', function (event) {
    var radio = event.target;
    if (!radio.hasAttribute || !radio.hasAttribute('${THEME_CHOICE_ATTRIBUTE}')) return;
    unsaved = radio.value;
    try {
      if (radio.value === 'system') localStorage.removeItem(key);
      else localStorage.setItem(key, radio.value);
    } catch (error) {}
    apply();
  });
})();`)
