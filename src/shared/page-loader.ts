/**
 * How a written page (decision 018) or a page the server drew (decision 033) loads its code: after it has
 * painted, never before (decision 034). The page carries its styles inline and no script tag of its own;
 * this inline loader, allowed by its hash in the CSP, reads the JSON block `#pact-code` (the entry and the
 * chunks the page's hydration asks for) and adds them once the page's first content is on screen (its
 * first contentful paint, or its first frame where the browser does not report paints; the entry in a
 * task of its own, then the preloads a few per task), so that nothing competes with the page's own bytes
 * before the first paint: a first frame can come before the page's content is painted. A tab drawn in the background, where frames
 * do not come, loads its code after a short delay all the same.
 */
export const PAGE_CODE_ID = 'pact-code';

/**
 * How many chunk preloads the loader adds in one task. Each asks the browser for a file, which costs the
 * main thread a moment (several milliseconds on a phone, more while DevTools records the page): two keep
 * every task short.
 */
export const PRELOADS_PER_TASK = 2;

export interface PageCode {
  /** The entry module, e.g. /assets/index-abc.js. */
  entry: string;
  /** Chunks preloaded beside it, so that the page's lazy route does not wait for the entry to ask. */
  preload: string[];
}

/** The JSON block a page carries; `<` is escaped so that no file name can close the tag. */
export function pageCodeBlock(code: PageCode): string {
  const json = JSON.stringify(code).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_CODE_ID}">${json}</script>`;
}

/**
 * Where the loader keeps the taps on the page's buttons that came before its code (`window.pactTaps`):
 * the app takes them once the page has come to life, and carries them out (lib/early-taps.ts).
 */
export const EARLY_TAPS = 'pactTaps';

/** What the app takes from the loader: each early tap's button, and when it was tapped (Date.now()). */
export interface EarlyTaps {
  take(): [HTMLButtonElement, number][];
}

/** The loader's source, exactly as it stands in the page: its SHA-256 is what the CSP allows. */
export const PAGE_LOADER = [
  '(function(){',
  'var d=document,done=false,taps=[];',
  // A tap on a button before the page has come to life does nothing yet: it is kept (once per button)
  // for the app to carry out, rather than lost; a link still works as a link.
  'function tap(e){var b=e.target&&e.target.closest&&e.target.closest("button");if(!b)return;e.preventDefault();e.stopPropagation();if(taps.some(function(t){return t[0]===b}))return;taps.push([b,Date.now()])}',
  'd.addEventListener("click",tap,true);',
  `window.${EARLY_TAPS}={take:function(){d.removeEventListener("click",tap,true);return taps.splice(0)}};`,
  'function go(){',
  'if(done)return;done=true;',
  `var c=JSON.parse(d.getElementById(${JSON.stringify(PAGE_CODE_ID)}).textContent),rest=c.preload.slice();`,
  'var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=c.entry;d.head.appendChild(s);',
  // Each preload costs the main thread a moment: a few per task, so that no task grows long.
  `function batch(){var f=d.createDocumentFragment();rest.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;f.appendChild(l)});d.head.appendChild(f);if(rest.length)setTimeout(batch,0)}`,
  'setTimeout(batch,0)',
  '}',
  // After the first contentful paint where the browser reports it, else after the first frame.
  'var P=typeof PerformanceObserver=="function"&&PerformanceObserver.supportedEntryTypes||[];',
  'if(P.indexOf("paint")>=0){var o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}});o.observe({type:"paint",buffered:true})}',
  'else requestAnimationFrame(function(){setTimeout(go,0)});',
  'setTimeout(go,1000)',
  '})()',
].join('');
