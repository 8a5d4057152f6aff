import type { Editor } from '@tiptap/react';
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { modalLookOf, type ModalLook } from '../../../../src/shared/rich-text-allow-list';
import { EDITOR_FONT_SIZES_PX, editorFontSize } from '../../../../src/shared/rich-text-editor';
import { openImagePicker } from './imagePicker';

/** The editor's buttons: each says by aria-pressed whether it applies where the cursor is. */
export function EditorToolbar({ editor, editorId }: { editor: Editor; editorId: string }) {
  const chain = () => editor.chain().focus();
  const size = editorFontSize(String(editor.getAttributes('textStyle').fontSize ?? ''));
  return (
    <div className="editor-toolbar d-flex flex-wrap gap-1 mb-1" role="toolbar" aria-label="Formatting">
      <ButtonGroup size="sm">
        <Mark label="Bold" active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}>
          <b>B</b>
        </Mark>
        <Mark label="Italic" active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}>
          <i>I</i>
        </Mark>
        <Mark label="Underline" active={editor.isActive('underline')} onClick={() => chain().toggleUnderline().run()}>
          <u>U</u>
        </Mark>
        <Mark label="Strike through" active={editor.isActive('strike')} onClick={() => chain().toggleStrike().run()}>
          <s>S</s>
        </Mark>
      </ButtonGroup>
      <ButtonGroup size="sm">
        <Mark label="H2 heading" active={editor.isActive('heading', { level: 2 })} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </Mark>
        <Mark label="H3 subheading" active={editor.isActive('heading', { level: 3 })} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          H3
        </Mark>
        <Mark label="List with bullets" active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}>
          <span aria-hidden="true">• </span>List
        </Mark>
        <Mark label="1. List, numbered" active={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()}>
          1. List
        </Mark>
        <Mark label="Quote" active={editor.isActive('blockquote')} onClick={() => chain().toggleBlockquote().run()}>
          “ ”
        </Mark>
      </ButtonGroup>
      <ButtonGroup size="sm">
        {(['left', 'center', 'right'] as const).map((side) => (
          <Mark key={side} label={`Align ${side === 'center' ? 'centre' : side}`} active={editor.isActive({ textAlign: side })} onClick={() => chain().setTextAlign(side).run()}>
            {side === 'center' ? 'Centre' : side === 'left' ? 'Left' : 'Right'}
          </Mark>
        ))}
      </ButtonGroup>
      <Form.Select
        size="sm"
        aria-label="Font size"
        value={size ?? ''}
        onChange={(event) => {
          const chosen = editorFontSize(event.target.value);
          if (chosen === null) chain().unsetFontSize().run();
          else chain().setFontSize(`${chosen}px`).run();
        }}
      >
        <option value="">Normal size</option>
        {EDITOR_FONT_SIZES_PX.map((px) => (
          <option key={px} value={px}>
            {px} px
          </option>
        ))}
      </Form.Select>
      <LinkControl editor={editor} />
      {editor.isActive('link') && <LinkOpensControl editor={editor} />}
      <Button size="sm" variant="outline-dark" onClick={() => openImagePicker(editorId)}>
        Picture
      </Button>
    </div>
  );
}

function Mark({ label, active, onClick, children }: { label: string; active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant={active ? 'dark' : 'outline-dark'} aria-label={label} aria-pressed={active} onClick={onClick}>
      {children}
    </Button>
  );
}

const LINK_OPENS: Array<{ look: ModalLook | ''; name: string }> = [
  { look: '', name: 'Link opens its page' },
  { look: 'plain', name: 'Link opens in a pop-up' },
  { look: 'success', name: 'Link opens in a green pop-up' },
  { look: 'error', name: 'Link opens in a red pop-up' },
];

/** Whether the link at the cursor opens in the site's pop-up, and in which look (issue 39 item 5): its `data-modal`. */
function LinkOpensControl({ editor }: { editor: Editor }) {
  const look = modalLookOf(editor.getAttributes('link').modal as string | undefined) ?? '';
  return (
    <Form.Select
      size="sm"
      className="w-auto"
      aria-label="Where the link opens"
      value={look}
      onChange={(event) => editor.chain().focus().extendMarkRange('link').updateAttributes('link', { modal: modalLookOf(event.target.value) ?? null }).run()}
    >
      {LINK_OPENS.map((option) => (
        <option key={option.look} value={option.look}>
          {option.name}
        </option>
      ))}
    </Form.Select>
  );
}

/** A link on the selected words: an address typed in a field, not a browser prompt (keyboard and screen readers). */
function LinkControl({ editor }: { editor: Editor }) {
  const [address, setAddress] = useState<string | null>(null);
  if (address === null) {
    return (
      <Button size="sm" variant={editor.isActive('link') ? 'dark' : 'outline-dark'} aria-pressed={editor.isActive('link')} onClick={() => setAddress(String(editor.getAttributes('link').href ?? ''))}>
        Link
      </Button>
    );
  }
  const apply = () => {
    const href = address.trim();
    if (href === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setAddress(null);
  };
  return (
    <Form
      className="d-flex gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Form.Control size="sm" type="text" inputMode="url" aria-label="Link address" placeholder="https:// or /a-page-of-this-site" value={address} onChange={(event) => setAddress(event.target.value)} autoFocus />
      <Button size="sm" type="submit" variant="dark">
        Apply link
      </Button>
      <Button size="sm" variant="outline-dark" onClick={() => setAddress(null)}>
        Keep as is
      </Button>
    </Form>
  );
}
