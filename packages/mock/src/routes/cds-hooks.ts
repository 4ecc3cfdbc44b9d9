import { validate } from '@cdx/validate';
import { errorAnswer, hasError, publicFinding, type Handled } from '../answer.js';
import type { MockContext } from '../context.js';

/** The request kinds the service's CDS Hooks endpoint takes: the spec's order-sign message, with or without the envelope. */
const ORDER_SIGN = new Set(['CDSHooks/order-sign', 'cds-hooks/order-sign']);

/**
 * POST /cds-hooks/v1/sources/{sourceId}/cds-services/{serviceId}: the order-sign request validated;
 * a refused one gets 400 with the findings, an accepted one the cards configured for the service (or
 * for every service, '*'), else those of the bundled CDS Hooks response.
 */
export function cdsHooksRoute(serviceId: string, body: unknown, context: MockContext): Handled {
  const { kind, findings } = validate(body);
  if (kind !== null && !ORDER_SIGN.has(kind)) {
    return { kind, findings: [], answer: errorAnswer(400, 'wrong-hook', `This endpoint takes an order-sign request; this is a ${kind}.`, { kind }) };
  }
  if (hasError(findings)) {
    return {
      kind,
      findings,
      answer: errorAnswer(400, 'invalid-message', 'The order-sign request is not one the service accepts.', { kind, findings: findings.map(publicFinding) }),
    };
  }
  const cards = context.cards.get(serviceId) ?? context.cards.get('*') ?? cardsOf(context.fixtures.of('cds-hooks/response'));
  return { kind, findings, answer: { status: 200, kind: 'cds-hooks/response', body: { cards: structuredClone(cards) } } };
}

function cardsOf(response: unknown): readonly unknown[] {
  const cards = typeof response === 'object' && response !== null ? (response as Record<string, unknown>).cards : undefined;
  return Array.isArray(cards) ? cards : [];
}
