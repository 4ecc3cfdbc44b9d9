// The playground page: the editor, the kind picker and examples menu, the findings, the link.
// Everything runs here; the payload only ever goes into the URL's fragment.
import { listKinds } from '@cdx/validate/browser';
import { JWT_KIND, looksLikeJwt, type CheckResult, type PlacedFinding } from './check.js';
import { Checker } from './checker.js';
import { applyFix, createEditor, highlightsJson, replaceChanged, setJsonMode, setText, showFindings } from './editor.js';
import { examples } from './examples.js';
import { renderFindings } from './findings.js';
import { Linker } from './linker.js';
import { decodeState, type SharedState } from './share.js';

const $ = (id: string): HTMLElement => document.getElementById(id)!;
const kindSelect = $('kind') as HTMLSelectElement;
const examplesSelect = $('examples') as HTMLSelectElement;
const detected = $('detected');
const fixAll = $('fix-all') as HTMLButtonElement;
const share = $('share') as HTMLButtonElement;
const summary = $('summary');
const list = $('findings');
const decoded = $('decoded');
const jwtOptions = $('jwt-options');
const jwtInputs = {
  clientId: $('client-id') as HTMLInputElement,
  baseUrl: $('base-url') as HTMLInputElement,
  publicKey: $('public-key') as HTMLTextAreaElement,
};

const FAMILIES = {
  datamodel: "Data Model (and the service's CDSHooks)",
  cdshooks: 'CDS Hooks 2.0',
  fhir: 'FHIR R4',
  search: 'FHIR search bodies',
  auth: 'auth bodies',
  jwt: 'auth',
} as const;

function option(value: string, label: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  return o;
}

function groups<T>(items: readonly T[], family: (item: T) => keyof typeof FAMILIES, make: (item: T) => HTMLOptionElement): HTMLOptGroupElement[] {
  const byFamily = new Map<string, HTMLOptGroupElement>();
  for (const it of items) {
    const label = FAMILIES[family(it)];
    if (!byFamily.has(label)) byFamily.set(label, Object.assign(document.createElement('optgroup'), { label }));
    byFamily.get(label)!.append(make(it));
  }
  return [...byFamily.values()];
}

kindSelect.append(
  option('', 'detect'),
  option(JWT_KIND, 'client assertion (JWT)'),
  ...groups(
    listKinds(),
    (k) => k.family,
    (k) => option(k.id, k.id),
  ),
);
const menu = examples();
examplesSelect.append(
  option('', 'choose…'),
  ...groups(
    menu,
    (e) => e.family,
    (e) => option(e.label, e.label),
  ),
);

const view = createEditor($('editor'), {
  onChange(pasted) {
    schedule(pasted ? 0 : 250, pasted ? performance.now() : undefined);
  },
});

let timer: ReturnType<typeof setTimeout> | undefined;
let current: CheckResult | undefined;
/** The checks run in a Web Worker: the page stays responsive whatever the payload's size. */
const checker = new Checker();
/** So does the link's encoding (in a worker of its own: it never waits behind a check). */
const linker = new Linker();

function schedule(delay: number, pastedAt?: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void run(pastedAt), delay);
}

function jwtMode(text: string): boolean {
  return kindSelect.value === JWT_KIND || (kindSelect.value === '' && looksLikeJwt(text));
}

function settings() {
  return { clientId: jwtInputs.clientId.value, baseUrl: jwtInputs.baseUrl.value, publicKey: jwtInputs.publicKey.value };
}

/** Checks the text; a newer check started meanwhile wins (this one's result is dropped). */
async function run(pastedAt?: number): Promise<void> {
  const text = view.state.doc.toString();
  document.body.dataset.state = 'checking';
  const jwt = jwtMode(text);
  const checked = await checker.check(text, kindSelect.value, jwt, settings());
  if (checked === 'dropped') return;
  const { result } = checked;
  current = result;
  jwtOptions.hidden = !jwt;
  setJsonMode(view, !jwt);
  render(result);
  if (pastedAt !== undefined) document.body.dataset.pasteToFindingsMs = (performance.now() - pastedAt).toFixed(1);
  document.body.dataset.state = 'checked';
  void remember(text);
}

function render(result: CheckResult | undefined): void {
  if (!result) {
    list.replaceChildren();
    summary.textContent = 'Paste or drop a payload: a Data Model or CDS Hooks message, a FHIR resource or bundle, an auth body, or a client-assertion JWT.';
    detected.textContent = '';
    fixAll.disabled = true;
    decoded.hidden = true;
    showFindings(view, [], onFix);
    return;
  }
  showFindings(view, result.findings, onFix);
  renderFindings(list, summary, result, {
    position: (offset) => {
      const line = view.state.doc.lineAt(Math.min(offset, view.state.doc.length));
      return { line: line.number, column: offset - line.from + 1 };
    },
    reveal: (f) => {
      view.dispatch({ selection: { anchor: f.from, head: f.to }, scrollIntoView: true });
    },
    fix: onFix,
  });
  detected.textContent =
    result.mode === 'jwt'
      ? 'client assertion (JWT)'
      : result.kind === null
        ? 'kind: none detected'
        : `${result.detected ? 'detected' : 'checked as'}: ${result.kind}`;
  fixAll.disabled = !result.findings.some((f) => f.fix);
  decoded.hidden = !result.decoded;
  decoded.textContent = result.decoded ? JSON.stringify(result.decoded, null, 2) : '';
}

function onFix(finding: PlacedFinding): void {
  if (finding.fix) applyFix(view, finding.fix);
  view.focus();
}

/** DOM listeners do not await: an async handler's promise is handed over here, so a rejection is reported. */
function handle(task: () => Promise<void>): () => void {
  return () => {
    task().catch((error: unknown) => {
      console.error(error);
    });
  };
}

fixAll.addEventListener(
  'click',
  handle(async () => {
    if (current?.mode !== 'json') return;
    const text = view.state.doc.toString();
    const output = await checker.fix(text, kindSelect.value);
    // Only onto the text it was computed from: the user may have typed meanwhile.
    if (output !== undefined && view.state.doc.toString() === text) replaceChanged(view, output);
  }),
);

kindSelect.addEventListener('change', () => {
  schedule(0);
});
for (const input of Object.values(jwtInputs))
  input.addEventListener('input', () => {
    schedule(250);
  });

examplesSelect.addEventListener(
  'change',
  handle(async () => {
    const example = menu.find((e) => e.label === examplesSelect.value);
    examplesSelect.value = '';
    if (!example) return;
    kindSelect.value = example.kind;
    setText(view, await example.load());
    schedule(0);
  }),
);

/** Keeps the URL's fragment in step with the page, so the address is always a link to it. */
async function remember(text: string): Promise<void> {
  const state: SharedState = { text, kind: kindSelect.value, ...(jwtMode(text) ? settings() : {}) };
  const hash = await linker.link(state);
  if (hash !== undefined && hash !== location.hash) history.replaceState(null, '', hash);
}

share.addEventListener(
  'click',
  handle(async () => {
    await remember(view.state.doc.toString());
    try {
      await navigator.clipboard.writeText(location.href);
      share.textContent = 'Link copied';
    } catch {
      share.textContent = 'Copy it from the address bar';
    }
    setTimeout(() => (share.textContent = 'Copy link'), 2000);
  }),
);

async function restore(): Promise<void> {
  const state = await decodeState(location.hash);
  if (!state) return;
  kindSelect.value = [...kindSelect.options].some((o) => o.value === state.kind) ? state.kind : '';
  jwtInputs.clientId.value = state.clientId ?? '';
  jwtInputs.baseUrl.value = state.baseUrl ?? '';
  jwtInputs.publicKey.value = state.publicKey ?? '';
  setText(view, state.text);
  schedule(0);
}

window.addEventListener('hashchange', () => void restore());
await restore();
if (view.state.doc.length === 0) render(undefined);
// For scripts and tests driving the page (and the curious, in the console): the editor's text, the
// workers' counts, whether the text is highlighted as JSON.
Object.assign(window, {
  playground: {
    text: () => view.state.doc.toString(),
    stats: () => ({ ...checker.stats, links: { ...linker.stats } }),
    highlightsJson: () => highlightsJson(view),
  },
});
document.body.dataset.ready = 'true';
