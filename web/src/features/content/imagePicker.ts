import { IMAGE_PICKER_WINDOW, imagePickerPath } from '../../../../src/shared/media';

/** Staff spec §2: the admin's image picker opens as a popup at /admin/elfinder/popup/{editor id}, 70% wide, 50% tall. */
export function openImagePicker(editorId: string): void {
  const width = Math.round(window.screen.availWidth * IMAGE_PICKER_WINDOW.widthShare);
  const height = Math.round(window.screen.availHeight * IMAGE_PICKER_WINDOW.heightShare);
  window.open(imagePickerPath(editorId), `image-picker-${editorId}`, `popup,width=${width},height=${height}`);
}
