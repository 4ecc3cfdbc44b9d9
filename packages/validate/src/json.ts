/** Whether a value is a JSON object: not null, not an array. The one guard the payload walks and rules share. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
