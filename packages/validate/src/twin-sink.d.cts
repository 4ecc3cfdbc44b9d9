// The types of twin-sink.cjs.

declare const sink: {
  current: { references: string[]; complete: boolean } | null;
};
export = sink;
