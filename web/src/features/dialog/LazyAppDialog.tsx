import { Suspense, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { loadLater } from '../../app/loadLater';
import { selectOpenDialog } from './dialogSlice';

const AppDialog = loadLater(() => import('./AppDialog').then((module) => module.AppDialog));

/** The generic dialog, mounted from the first time one opens (and kept, so it can close with its animation). */
export function LazyAppDialog() {
  const open = useAppSelector(selectOpenDialog) !== null;
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <AppDialog />
    </Suspense>
  ) : null;
}
