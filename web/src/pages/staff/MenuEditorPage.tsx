import { MenuEditor } from '../../features/staff/catalogue/MenuEditor';
import { RequireRole } from '../../features/staff/RequireRole';

/** /takeaway-menu: categories, dishes, photos and variants (managers). */
export function MenuEditorPage() {
  return (
    <RequireRole role="manager">
      <MenuEditor />
    </RequireRole>
  );
}
