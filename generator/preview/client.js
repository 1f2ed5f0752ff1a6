// Served by `site preview` only (never part of dist/): live reload, the content-error overlay
// and the badge of warnings publishing would stop on. Plain JavaScript, injected into every HTML
// response by the preview server.
// The rebuild this page was served from (the server's tag names it): told on connecting what
// changed since, so an edit saved while the page loaded still reloads it.
const since = new URL(import.meta.url).searchParams.get('g');
const source = new EventSource(since === null ? '/_site/events' : `/_site/events?since=${encodeURIComponent(since)}`);
let overlay;

source.addEventListener('problems', (event) => show(JSON.parse(event.data)));
source.addEventListener('ok', () => hide());
source.addEventListener('warnings', (event) => showWarnings(JSON.parse(event.data)));
source.addEventListener('reload', (event) => {
  const { all, paths } = JSON.parse(event.data);
  const here = document.documentElement.dataset.path || location.pathname;
  hide();
  // location.pathname too: a 404 page (data-path /404) reloads when its URL gets a page.
  if (all || paths.includes(here) || paths.includes(location.pathname)) location.reload();
});

function hide() {
  overlay?.remove();
  overlay = undefined;
}

function show(problems) {
  hide();
  overlay = document.createElement('site-error-overlay');
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Content problems');
  const root = overlay.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `
    :host { position: fixed; inset: 0; z-index: 2147483647; background: rgb(11 31 51 / 72%); display: grid; place-items: center; font: 15px/1.5 system-ui, sans-serif; }
    .panel { box-sizing: border-box; width: min(960px, 94vw); max-height: 86vh; overflow: auto; background: #fff; border-radius: 12px; border-top: 6px solid #c0392b; padding: 24px 28px; box-shadow: 0 20px 60px rgb(0 0 0 / 35%); }
    h1 { margin: 0 0 4px; font-size: 20px; color: #7a1c12; }
    p { margin: 0 0 16px; color: #334455; }
    ol { margin: 0; padding-left: 20px; }
    li { margin-bottom: 10px; }
    code { display: block; font: 13px/1.45 ui-monospace, monospace; color: #0b1f33; overflow-wrap: anywhere; }
    .msg { color: #7a1c12; }
    .hint { color: #334455; }
    .hint::before { content: "Fix: "; font-weight: 600; }
    a { color: #0a7f5a; font-weight: 600; }
    button { margin-top: 16px; font: inherit; padding: 6px 14px; border-radius: 8px; border: 1px solid #c5d0db; background: #fff; cursor: pointer; }
  `;
  const panel = document.createElement('div');
  panel.className = 'panel';
  const h1 = document.createElement('h1');
  h1.textContent = `${problems.length} content problem${problems.length === 1 ? '' : 's'}`;
  const p = document.createElement('p');
  p.textContent = 'The page shows the last good build. Fix these lines and save; this page reloads by itself.';
  const list = document.createElement('ol');
  for (const problem of problems) {
    const li = document.createElement('li');
    const where = document.createElement('code');
    where.textContent = `${problem.file}:${problem.line}:${problem.column}`;
    // The catalogue's words (generator/problems/errors.ts), as the terminal and the admin print them.
    const what = document.createElement('code');
    what.className = 'msg';
    what.textContent = problem.path ? `${problem.path}: ${problem.message}` : problem.message;
    li.append(where, what);
    if (problem.hint) {
      const hint = document.createElement('code');
      hint.className = 'hint';
      hint.textContent = problem.hint;
      li.append(hint);
    }
    list.append(li);
  }
  const admin = document.createElement('a');
  // The admin's Content section lists the same problems by file, with links into the editor.
  admin.href = '/_admin#content';
  admin.textContent = 'Open the admin preview';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Hide until the next change';
  close.addEventListener('click', hide);
  panel.append(h1, p, list, admin, document.createElement('br'), close);
  root.append(style, panel);
  document.body.append(overlay);
}

let badge;
// The terminal's lines may be coloured; the badge shows their text.
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * What `site build --strict` (what publishing runs) would stop on: a small button in the
 * bottom-left corner that opens the lines the terminal printed; nothing when there are none.
 */
function showWarnings({ count, lines }) {
  const open = badge?.shadowRoot.querySelector('button').getAttribute('aria-expanded') === 'true';
  badge?.remove();
  badge = undefined;
  if (!count) return;
  badge = document.createElement('site-publish-warnings');
  const root = badge.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `
    :host { position: fixed; left: 8px; bottom: 8px; z-index: 2147483646; display: flex; flex-direction: column-reverse; align-items: flex-start; gap: 6px; max-width: calc(100vw - 16px); font: 13px/1.4 system-ui, sans-serif; }
    button { font: 600 12px/1.35 system-ui, sans-serif; max-width: 70vw; text-align: left; padding: 3px 9px; border-radius: 999px; border: 1px solid #8a5300; background: #fff4d6; color: #4a2c00; cursor: pointer; box-shadow: 0 2px 8px rgb(0 0 0 / 20%); }
    button::before { content: "⚠ "; }
    button:focus-visible { outline: 3px solid #0b1f33; outline-offset: 2px; }
    .lines { box-sizing: border-box; width: min(720px, calc(100vw - 16px)); max-height: 50vh; overflow: auto; margin: 0; padding: 10px 12px; border-radius: 8px; border: 1px solid #8a5300; background: #fffdf6; color: #0b1f33; box-shadow: 0 6px 24px rgb(0 0 0 / 25%); }
    .lines[hidden] { display: none; }
    p { margin: 0 0 6px; color: #4a2c00; }
    pre { margin: 0; font: 12px/1.45 ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
  `;
  const details = document.createElement('div');
  details.className = 'lines';
  details.id = 'publish-warnings';
  const p = document.createElement('p');
  p.textContent = 'npx site build --strict prints these, and publishing stops on them. Fix them and save.';
  const pre = document.createElement('pre');
  pre.textContent = lines.map((line) => line.replace(ANSI, '').trim()).join('\n');
  details.append(p, pre);
  details.hidden = !open;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = `Publishing would stop on ${count} warning${count === 1 ? '' : 's'}`;
  button.setAttribute('aria-controls', details.id);
  button.setAttribute('aria-expanded', String(open));
  button.addEventListener('click', () => {
    const expanded = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(expanded));
    details.hidden = !expanded;
  });
  root.append(style, button, details);
  document.body.append(badge);
}
