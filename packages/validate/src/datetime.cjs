// The one date and time checker of the toolkit: whether a date, dateTime, instant or time names a
// moment that exists (a day its month has, leap years included; hours 00–23, minutes and seconds
// 00–59, a leap second 60; an offset within ±14:00). Used by the FHIR primitives' formats, the Data
// Model `iso8601` format, the `date` and `date-time` formats (CDS Hooks, auth bodies), and the auth
// helpers. 24:00 is refused everywhere: R4's regular expressions write hours `([01][0-9]|2[0-3])`,
// and RFC 3339 and ISO 8601-1:2019 end a day at 23:59:60 too (docs/decisions.md, "Dates that exist").
// CommonJS, like formats.cjs and the generated validators that require it.
'use strict';

/** Each form's shape: year, month, day, hour, minute, second, offset (undefined when absent). */
const FORMS = {
  // FHIR date: YYYY, YYYY-MM or YYYY-MM-DD.
  date: /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/,
  // FHIR dateTime: a date, or a full date-time with an offset.
  dateTime: /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2}))?)?)?$/,
  instant: /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  // FHIR time: no date, no offset (captured in the hour, minute, second places).
  time: /^()()()(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?()$/,
  // The Data Model's "ISO 8601": a date, optionally with a time (seconds optional) and an offset.
  iso8601: /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/,
  // RFC 3339 full-date and date-time (JSON Schema's `date` and `date-time`).
  'rfc3339-date': /^(\d{4})-(\d{2})-(\d{2})$/,
  rfc3339: /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const leap = (year) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysIn = (year, month) => (month === 2 ? (leap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/**
 * Why `text`, read as `form`, is not a moment that exists: `'malformed'` when it does not have the
 * form's shape, a sentence when a part is out of range ("February 2026 has 28 days"), undefined
 * when it exists. Linear in the text (anchored expressions without nested quantifiers).
 * @param {string} text
 * @param {keyof typeof FORMS} form
 * @returns {string | undefined}
 */
function dateTimeProblem(text, form) {
  if (text.length > 64) return 'malformed';
  const match = FORMS[form].exec(text);
  if (!match) return 'malformed';
  const [, y, mo, d, h, mi, s, offset] = match;
  const year = Number(y);
  if (mo) {
    const month = Number(mo);
    if (month < 1 || month > 12) return `months run from 01 to 12, not ${mo}`;
    if (d) {
      const day = Number(d);
      const most = daysIn(year, month);
      if (day < 1 || day > most) return `${MONTHS[month - 1]} ${y} has ${most} days`;
    }
  }
  if (h && Number(h) > 23) return `hours run from 00 to 23, not ${h}`;
  if (mi && Number(mi) > 59) return `minutes run from 00 to 59, not ${mi}`;
  if (s && Number(s) > 60) return `seconds run from 00 to 59 (60 for a leap second), not ${s}`;
  if (offset && offset.length > 1) {
    const hours = Number(offset.slice(1, 3));
    const minutes = Number(offset.slice(offset.length - 2));
    if (minutes > 59 || hours * 60 + minutes > 14 * 60) return `a time-zone offset is at most ±14:00, not ${offset}`;
  }
  return undefined;
}

module.exports = { dateTimeProblem };
