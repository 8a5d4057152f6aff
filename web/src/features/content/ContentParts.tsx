import { Suspense } from 'react';
import { useMeQuery } from '../auth/authApi';
import { hasRole } from '../staff/roles';
import type { ContentPart } from './contentApi';
import { EditableText } from './EditableText';
import { RemovePartButton } from './RemovePartButton';
import { PartSettingsButton } from './parts/PartSettingsButton';
import { PART_KINDS_UI, type PartViewProps } from './parts/partKinds';

/**
 * The parts of one container, in their order: each as its kind shows it (customer spec §2's page parts).
 * `named`: what this container's parts are called in buttons' names ('the tagline'); by default 'the text part 2'.
 */
export function ContentParts({ parts, slug, named }: { parts: readonly ContentPart[]; slug: string; named?: string }) {
  const { data: user } = useMeQuery();
  const admin = hasRole(user?.role, 'admin');
  const ordered = [...parts].sort((a, b) => a.position - b.position);
  return (
    <>
      {ordered.map((part, index) => (
        <section key={part.part_id} className="content-part mb-3" data-testid="content-part" data-kind={part.kind} data-part-id={part.part_id}>
          <PartView part={part} slug={slug} label={labelOf(part, index, ordered.length, named)} />
          {admin && <PartSettingsButton slug={slug} part={part} label={labelOf(part, index, ordered.length, named)} />}
          {admin && part.container_type === 'page' && <RemovePartButton slug={slug} partId={part.part_id} label={labelOf(part, index, ordered.length, named)} />}
        </section>
      ))}
    </>
  );
}

function labelOf(part: ContentPart, index: number, count: number, named: string | undefined): string {
  if (named) return count > 1 ? `${named} (${index + 1})` : named;
  return `the ${PART_KINDS_UI[part.kind].name.toLowerCase()} part ${index + 1}`;
}

function PartView({ part, slug, label }: { part: ContentPart; slug: string; label: string }) {
  if (part.kind === 'text') {
    const target = { ipe_type: 'pagepart' as const, container_type: part.container_type, container: part.container, part_id: part.part_id, comp_id: part.comp_id };
    return <EditableText html={part.html} target={target} label={label} pageSlug={slug} />;
  }
  const View = PART_KINDS_UI[part.kind].View as React.ComponentType<PartViewProps> | undefined;
  if (!View) return <PendingPart kind={part.kind} />;
  return (
    <Suspense fallback={null}>
      <View part={part} settings={part.props as PartViewProps['settings']} slug={slug} label={label} />
    </Suspense>
  );
}

function PendingPart({ kind }: { kind: ContentPart['kind'] }) {
  const { data: user } = useMeQuery();
  if (!hasRole(user?.role, 'admin')) return null;
  return <p className="text-body-secondary small mb-0">{PART_KINDS_UI[kind].name}: visitors do not see this part yet.</p>;
}
