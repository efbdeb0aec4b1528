/**
 * The only script of a public page. Public pages are complete as the server sends them; this adds
 * storing the language switch's choice and the copy-link button, and hydrates the page's islands (its forms), loading React
 * only on pages that have one.
 */
import { isLocale } from '../../shared/locale.js';
import { rememberLocale } from '../i18n/locale.js';
import { copyLink } from '../public/copy-link.js';

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  // The switch is a link to the page in the other language; the choice is stored as it is followed,
  // so that the seed's paths, which negotiate, speak that language from now on.
  const localeLink = target?.closest('[data-locale]');
  const next = localeLink?.getAttribute('data-locale');
  if (isLocale(next)) rememberLocale(next);
  const copyButton = target?.closest<HTMLElement>('[data-copy-link]');
  if (copyButton) copyLink(copyButton);
});

const islands = document.querySelectorAll('[data-island]');
if (islands.length) {
  void import('./hydrate.js').then(({ hydrateIslands }) => hydrateIslands(islands));
}
