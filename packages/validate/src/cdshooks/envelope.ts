import type { KindInfo } from '../kind-info.js';
import { getKind } from '../registry.js';

/** A CDS Hooks document in the Meta envelope, to be checked in full as its bare kind. */
export interface EnvelopedBody {
  readonly kind: KindInfo;
  /** The payload without `Meta`: its members keep their pointers. */
  readonly body: Record<string, unknown>;
}

/**
 * The body of a document whose kind names a bare CDS Hooks kind it is (`cdxStandard`: a library hook's
 * request under its hook's name, the PatientView event), or undefined. The spec lists no fields of
 * its own for these, so the envelope cannot check less than CDS Hooks does: validate() runs every check
 * of the bare kind on the body, beside the envelope kind's own (its Meta). PatientView's payload is
 * not published: its body is checked so only when it is a hook request.
 */
export function envelopedBody(kind: KindInfo, payload: unknown): EnvelopedBody | undefined {
  if (kind.standard === undefined || typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { Meta: _meta, ...body } = payload as Record<string, unknown>;
  if (kind.unpublished && typeof body.hook !== 'string') return undefined;
  const standard = getKind(kind.standard);
  return standard ? { kind: standard, body } : undefined;
}
