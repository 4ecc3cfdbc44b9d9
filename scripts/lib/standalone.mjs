// @ts-check
// ajv's standalone code, and the rewrites the generator makes to it. Each rewrite checks that the
// code has the shape it expects: an ajv release that emits something else fails generation instead
// of shipping validators the rewrite silently missed.
import standaloneCode from 'ajv/dist/standalone/index.js';

/**
 * ajv's standalone code gathers a $ref'd validator's errors with
 * `vErrors = vErrors === null ? v.errors : vErrors.concat(v.errors)`, copying every error so far
 * at each failing call: quadratic when many items of one array fail (20,000 failing addresses,
 * a 100 KB payload, took 20 s). Appending in place is linear and reports the same errors.
 * @param {string} code
 */
export function appendErrorsInPlace(code) {
  const out = code.replace(
    /vErrors = vErrors === null \? ([\w$.]+)\.errors : vErrors\.concat\(\1\.errors\);/g,
    'if (vErrors === null) vErrors = $1.errors; else for (const vError of $1.errors) vErrors.push(vError);',
  );
  if (out.includes('vErrors.concat(')) throw new Error('ajv emitted an error concat this generator does not know: update appendErrorsInPlace');
  return out;
}

/**
 * An error ajv builds and records (standalone code with `lines: true`): the object (over several
 * lines for dependentRequired's params), then the push.
 */
const OWN_ERROR =
  /^const err\d+ = \{(?:.*\n)*?.*\};\nif\(vErrors === null\)\{\nvErrors = \[err\d+\];\n\}\nelse \{\nvErrors\.push\(err\d+\);\n\}\nerrors\+\+;$/gm;
/** A called validator's errors taken over (after appendErrorsInPlace). */
const CALLEE_ERRORS =
  /^if \(vErrors === null\) vErrors = [\w$.]+\.errors; else for \(const vError of [\w$.]+\.errors\) vErrors\.push\(vError\);\nerrors = vErrors\.length;$/gm;

/**
 * A strict twin answers yes or no: nobody reads its errors. ajv's code still builds an error object
 * at every failure and copies each callee's errors: about a third of a twin's code, all of it parsed
 * at every cold start. Each failure becomes a count (`errors++`), which is all the code reads to
 * decide: `errors === 0` at the end, and the counts saved and restored around combinators.
 * @param {string} code a twin's standalone code, after appendErrorsInPlace
 */
export function withoutErrorObjects(code) {
  const out = code.replace(OWN_ERROR, 'errors++;').replace(CALLEE_ERRORS, 'errors++;');
  const left = /vErrors = \[|vErrors\.push\(|= vErrors\.length;/.exec(out);
  if (left) throw new Error(`withoutErrorObjects: ajv recorded an error in a form this generator does not know (${left[0]})`);
  return out;
}

/** A validator's signature: the instance, then the context ajv passes for error paths and $data. */
const SIGNATURE = /^function (validate\d+)\(data, \{instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors=\{\}\}=\{\}\)\{$/gm;
/** The context object of a call to another validator (it holds no braces). */
const CALL_CONTEXT = /, \{instancePath[^{}\n]*\}\)/g;

/**
 * Without error objects (withoutErrorObjects) a twin never reads the context a validator is called
 * with: the instance path and parent were for errors, rootData and dynamicAnchors are for `$data` and
 * `$dynamicRef`, which no schema here uses. Each call allocated that object, one per member checked;
 * now a validator takes the instance alone.
 * @param {string} code a twin's standalone code, after withoutErrorObjects
 */
export function withoutContext(code) {
  let signatures = 0;
  const out = code
    .replace(SIGNATURE, (_, name) => {
      signatures++;
      return `function ${name}(data){`;
    })
    .replace(CALL_CONTEXT, ')');
  const left = /\b(?:instancePath|parentData|parentDataProperty|rootData|dynamicAnchors)\b/.exec(out);
  if (signatures === 0 || left) throw new Error(`withoutContext: a twin reads ${left ? left[0] : 'no signature this generator knows'}`);
  return out;
}

/** A JavaScript string literal as ajv emits it (double quotes). */
const STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;
/** A member of an instance path: a string, an index, or a key escaped as a JSON Pointer token. */
const PATH_PART = String.raw`(?:${STRING}|[\w$]+(?:\.replace\(/~/g, "~0"\)\.replace\(/\\//g, "~1"\))?)`;
/** An instance path expression: `instancePath`, `instancePath+"/id"`, `instancePath+"/a/" + i0`. */
const PATH_EXPRESSION = String.raw`instancePath(?: ?\+ ?${PATH_PART})*`;
/** An object literal as ajv emits an error's params: members over one or more lines, no nested object. */
const PARAMS = String.raw`\{(?:[^{}"]|${STRING})*\}`;
/** How ajv records an error it built: pushed onto vErrors (`null` before the first), then counted. */
const RECORD_TAIL = String.raw`\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\nerrors\+\+;$`;
/** ajv's error record of the four members the run time reads, then its push and count. */
const ERROR_RECORD = new RegExp(
  String.raw`^const (err\d+) = \{instancePath(?::(${PATH_EXPRESSION}))?,schemaPath:(${STRING}),keyword:(${STRING}),params:(${PARAMS})\};${RECORD_TAIL}`,
  'gm',
);
/**
 * Any other error record: none at all (a `not` or `if` subschema's, counted, then dropped) or one
 * with more members (propertyNames' `propertyName`).
 */
const OTHER_RECORD = new RegExp(String.raw`^const (err\d+) = (\{(?:[^{}"]|${STRING}|${PARAMS})*\});${RECORD_TAIL}`, 'gm');

/**
 * What compactErrors' code calls, defined once at the end of the scope it rewrote (hoisted). The
 * error object is the one ajv built: the same members in the same order.
 */
const ERROR_HELPERS = [
  'function addError(vErrors, instancePath, schemaPath, params){',
  'return pushError(vErrors, {instancePath, schemaPath, keyword: schemaPath.slice(schemaPath.lastIndexOf("/") + 1), params});',
  '}',
  'function pushError(vErrors, error){',
  'if(vErrors === null) return [error];',
  'vErrors.push(error);',
  'return vErrors;',
  '}',
  'function addErrors(vErrors, errors){',
  'if(vErrors === null) return errors;',
  'for(const error of errors) vErrors.push(error);',
  'return vErrors;',
  '}',
].join('\n');

/**
 * ajv writes each error as seven lines (`const errN = {…}; if(vErrors === null){…} else {…}
 * errors++;`) and each callee's errors as two: 15,000 errors in the R4 modules, a third of their
 * code. Each becomes one call of a helper defined once per scope, building the same error object
 * (the run time reads its instancePath, schemaPath, keyword and params; the keyword is the schema
 * path's last segment, and is written out where it is not): the same errors in the same order. Expects appendErrorsInPlace's output; throws when any record is left in another form.
 * @param {string} code a canonical validator's standalone code, after appendErrorsInPlace
 */
export function compactErrors(code) {
  const out = code
    .replace(ERROR_RECORD, (record, name, path, schemaPath, keyword, params) =>
      // The keyword is the schema path's last segment, but for a keyword that reports elsewhere.
      JSON.parse(schemaPath).endsWith(`/${JSON.parse(keyword)}`)
        ? `vErrors = addError(vErrors, ${path ?? 'instancePath'}, ${schemaPath}, ${params}); errors++;`
        : `vErrors = pushError(vErrors, ${record.slice(record.indexOf('{'), record.indexOf(';\n'))}); errors++;`,
    )
    .replace(OTHER_RECORD, (_, name, error) => `vErrors = pushError(vErrors, ${error}); errors++;`)
    .replace(CALLEE_ERRORS, (line) => `vErrors = addErrors(vErrors, ${/of ([\w$.]+)\.errors\)/.exec(line)?.[1]}.errors); errors = vErrors.length;`);
  const left = /const err\d+ = |vErrors = \[|vErrors\.push\(|\.errors\) vErrors/.exec(out);
  if (left) throw new Error(`compactErrors: ajv recorded an error in a form this generator does not know (${out.slice(left.index, left.index + 160)})`);
  if (out === code) return code;
  return `${out}\n${ERROR_HELPERS}`;
}

/** The context of a call to another validator with what only $data, $dynamicRef and data-modifying options read. */
const FULL_CALL_CONTEXT = new RegExp(
  String.raw`(\{instancePath(?::${PATH_EXPRESSION})?),parentData(?::[\w$]+)?,parentDataProperty(?::(?:[\w$]+|${STRING}))?,rootData,dynamicAnchors\}\)`,
  'g',
);

/**
 * A canonical validator reads only the instance path of the context it is called with (for its
 * errors): parentData and parentDataProperty are for options that change the data, rootData and
 * dynamicAnchors for `$data` and `$dynamicRef`, none of which the generator uses. Each call passes
 * the instance path alone, and each signature takes it alone. Throws if the code reads any other.
 * @param {string} code a canonical validator's standalone code
 */
export function instancePathContext(code) {
  let signatures = 0;
  const out = code
    .replace(SIGNATURE, (_, name) => {
      signatures++;
      return `function ${name}(data, {instancePath=""}={}){`;
    })
    .replace(FULL_CALL_CONTEXT, '$1})');
  const left = /\b(?:parentData|parentDataProperty|rootData|dynamicAnchors)\b/.exec(out);
  if (signatures === 0 || left)
    throw new Error(
      `instancePathContext: a validator reads ${left ? `${left[0]} (${out.slice(Math.max(0, left.index - 80), left.index + 80)})` : 'no signature this generator knows'}`,
    );
  return out;
}

/**
 * A canonical validator's code: ajv's standalone code (standalone), its errors compacted and its
 * calls passing the instance path alone.
 * @param {import('ajv').default} ajv
 * @param {Record<string, string>} names
 */
export function canonicalStandalone(ajv, names) {
  return instancePathContext(compactErrors(standalone(ajv, names)));
}

/** `const schema12 = {…};` on a line of its own (ajv's standalone code with `lines: true`). */
const SCHEMA_CONSTANT = /^const (schema\d+) = (.*);$/gm;
/** A member path after a name: `.properties.gender.enum`, `["x-y"]`, `[0]`. */
const MEMBER_PATH = String.raw`((?:\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\]|\[\d+\])*)`;

/**
 * ajv's standalone code holds each compiled schema as a constant, to read an enum's values from it
 * for an error (`schema577.properties.gender.enum`): a second copy of every schema, 2.5 MB of the
 * FHIR modules. Each constant is cut down to the members the code reads; one the code reads whole
 * is kept whole.
 * @param {string} code
 */
export function pruneSchemaConstants(code) {
  let count = 0;
  const out = code.replace(SCHEMA_CONSTANT, (line, name, json) => {
    count++;
    const uses = [...code.matchAll(new RegExp(String.raw`\b${name}\b${MEMBER_PATH}`, 'g'))].map((m) => m[1] ?? '');
    // The declaration itself is one use with an empty path; any other empty one reads it whole.
    if (uses.filter((path) => path === '').length > 1) return line;
    const schema = JSON.parse(json);
    /** @type {any} */
    const pruned = {};
    for (const path of uses.filter(Boolean)) {
      const keys = [...path.matchAll(/\.([A-Za-z_$][\w$]*)|\["((?:[^"\\]|\\.)*)"\]|\[(\d+)\]/g)].map(
        (m) => m[1] ?? (m[2] !== undefined ? JSON.parse(`"${m[2]}"`) : m[3]),
      );
      let from = schema;
      let to = pruned;
      for (const [i, key] of keys.entries()) {
        if (from === undefined || from === null) throw new Error(`pruneSchemaConstants: ${name}${path} reads what ${name} does not hold`);
        from = from[key];
        if (i === keys.length - 1) to[key] = from;
        else to = to[key] ??= Array.isArray(from) ? [] : {};
      }
    }
    return uses.length > 1 ? `const ${name} = ${JSON.stringify(pruned)};` : '';
  });
  if (count === 0 && /\bconst schema\d+ = /.test(code))
    throw new Error('pruneSchemaConstants: ajv declared a schema constant in a form this generator does not know');
  return out;
}

/**
 * The standalone code of the named schemas (export name → schema id), with errors appended in place
 * and schema constants cut down.
 * @param {import('ajv').default} ajv
 * @param {Record<string, string>} names
 */
export function standalone(ajv, names) {
  return pruneSchemaConstants(appendErrorsInPlace(standaloneCode.default(ajv, names)));
}

/**
 * A schema constant (an R4 value set) or a validator's evaluated members longer than a line, spread
 * over lines, a member a line, so that a change to one is a diff of that member. The last step: the
 * other rewrites read constants a line each.
 * @param {string} code
 */
export function spreadConstants(code) {
  return breakConditions(
    code
      .replace(SCHEMA_CONSTANT, (line, name, json) => (line.length > 120 ? `const ${name} = ${JSON.stringify(JSON.parse(json), null, 1)};` : line))
      .replace(EVALUATED, (line, name, json) => (line.length > 120 ? `${name}.evaluated = ${JSON.stringify(JSON.parse(json), null, 1)};` : line)),
  );
}

/** A line longer than this is broken (generated code is read and diffed). */
export const LONG_LINE = 1000;
/** How long a piece of a broken line grows before it breaks. */
const PIECE = 100;

/**
 * An `if(…)` line longer than LONG_LINE (a 150-value enum compared value by value, a member name
 * against each of 70 known ones) broken after its `&&` and `||` operators, a line every hundred
 * characters or so. A line break after a binary operator never changes JavaScript's meaning; the
 * operators inside string literals are skipped, and a line holding a `/` (a regular expression
 * literal or a division, which this does not parse) is left whole.
 * @param {string} code
 */
export function breakConditions(code) {
  return code
    .split('\n')
    .map((line) => {
      if (line.length <= LONG_LINE || !line.startsWith('if(')) return line;
      let out = '';
      let start = 0;
      let inString = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (inString) {
          if (c === '\\') i++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === '/' || c === "'" || c === '`') return line;
        else if (i - start > PIECE && (line.startsWith(') && (', i) || line.startsWith(') || (', i))) {
          out += `${line.slice(start, i + 4)}\n`;
          start = i + 5;
        }
      }
      return out + line.slice(start);
    })
    .join('\n');
}

/** What a validator evaluates (for unevaluatedProperties), set once on a line of its own: JSON. */
const EVALUATED = /^(validate\d+)\.evaluated = (\{.*\});$/gm;

/** Names ajv gives module-level values, numbered across everything one ajv instance compiles. */
const MODULE_NAME = /\b(validate|schema|func|pattern|wrapper|formats|obj)(\d+)\b/g;
/** Characters after which a `/` starts a regular expression literal rather than a division. */
const BEFORE_REGEX = new Set(['=', '(', ',', ':', '[', '!', '&', '|', '?', '{', '}', ';']);

/**
 * The code's module-level names renumbered from 0 in order of first use, each family apart
 * (validate0, validate1…, schema0…): ajv numbers them across every schema an instance compiles,
 * so one more subschema in one R4 type renamed functions in every module compiled after it (a
 * one-schema edit touched 123 files). Strings, comments and regular expression literals are left
 * as they are. Throws when the code defines no validator function, the form every module has.
 * @param {string} code
 */
export function localNames(code) {
  /** @type {Map<string, Map<string, number>>} */
  const families = new Map();
  /** @param {string} text */
  const rename = (text) =>
    text.replace(MODULE_NAME, (_, family, n) => {
      let names = families.get(family);
      if (!names) families.set(family, (names = new Map()));
      let index = names.get(n);
      if (index === undefined) names.set(n, (index = names.size));
      return `${family}${index}`;
    });
  let out = '';
  let from = 0;
  let i = 0;
  /** The last character of code (not space) before `i`, to tell a regex from a division. */
  let previous = '';
  while (i < code.length) {
    const c = code[i];
    const next = code[i + 1];
    let end = -1;
    if (c === '"' || c === "'") {
      end = i + 1;
      while (end < code.length && code[end] !== c) end += code[end] === '\\' ? 2 : 1;
      end++;
    } else if (c === '/' && next === '/') end = !code.includes('\n', i) ? code.length : code.indexOf('\n', i);
    else if (c === '/' && next === '*') end = code.indexOf('*/', i + 2) + 2;
    else if (c === '/' && BEFORE_REGEX.has(previous)) {
      end = i + 1;
      let inClass = false;
      while (end < code.length && (code[end] !== '/' || inClass)) {
        if (code[end] === '\\') end++;
        else if (code[end] === '[') inClass = true;
        else if (code[end] === ']') inClass = false;
        end++;
      }
      end++;
      while (/[a-z]/.test(code[end] ?? '')) end++;
    }
    if (end > i) {
      if (end < 2 || end > code.length) throw new Error(`localNames: an unterminated literal or comment at ${i}`);
      out += rename(code.slice(from, i)) + code.slice(i, end);
      from = end;
      i = end;
      previous = 'x';
      continue;
    }
    if (c !== ' ' && c !== '\n' && c !== '\t' && c !== '\r') previous = c ?? '';
    i++;
  }
  out += rename(code.slice(from));
  if (!families.has('validate'))
    throw new Error('localNames: no validator function (validate<n>) in this code: ajv emitted a form this generator does not know');
  return out;
}
