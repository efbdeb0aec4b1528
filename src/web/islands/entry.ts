/**
 * The only script of a public page. Public pages are complete as the server sends them; this adds
 * the language switch and the copy-link button, and hydrates the page's islands (its forms), loading React
 * only on pages that have one.
 */
import { isLocale } from '../../shared/locale.js';
import { switchLocale } from '../i18n/locale.js';
import { copyLink } from '../public/copy-link.js';

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const localeButton = target?.closest('[data-locale]');
  const next = localeButton?.getAttribute('data-locale');
  if (isLocale(next)) switchLocale(next);
  const copyButton = target?.closest<HTMLElement>('[data-copy-link]');
  if (copyButton) copyLink(copyButton);
});

const islands = document.querySelectorAll('[data-island]');
if (islands.length) {
  void import('./hydrate.js').then(({ hydrateIslands }) => hydrateIslands(islands));
}
