// The types of datetime.cjs.

/** The forms the date checker reads: FHIR's date, dateTime, instant, time; the Data Model's iso8601; RFC 3339's. */
type DateTimeForm = 'date' | 'dateTime' | 'instant' | 'time' | 'iso8601' | 'rfc3339-date' | 'rfc3339';

declare const datetime: {
  /** Why `text` is not a moment that exists as `form`: 'malformed', a sentence, or undefined when it exists. */
  dateTimeProblem: (text: string, form: DateTimeForm) => string | undefined;
};
export = datetime;
