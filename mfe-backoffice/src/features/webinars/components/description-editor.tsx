import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';

/*
 * The webinar's description as rich text: what the API's sanitiser keeps of the back office's rich
 * texts (paragraphs, headings 2–4, emphasis, lists, quotes, links), with the company editor's
 * Italian controls. No image button: uploading editor images is the admins' (manageCompany),
 * and operators write descriptions too.
 */

/** Links the sanitiser keeps; anything else is refused as the link is written. */
const ALLOWED_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const LINK_ATTRIBUTES = { rel: 'noopener noreferrer nofollow', target: '_blank' };
/** The company editor's controls; its «Annulla» (undo) would share its name with the form's «Annulla». */
const LABELS = { ...IT_COMPANY.editor.labels, undoControlLabel: IT_WEBINAR_BACKOFFICE.form.editorUndo };

interface DescriptionEditorProps {
  label: string;
  /** The HTML it starts from (read once). */
  initialHtml: string;
  /** Every change, as HTML ('' when the text is empty). */
  onChange(html: string): void;
  error?: string;
}

export function DescriptionEditor({ label, initialHtml, onChange, error }: DescriptionEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false, codeBlock: false, code: false, trailingNode: false }),
      Link.configure({ openOnClick: false, HTMLAttributes: LINK_ATTRIBUTES, isAllowedUri: (url) => ALLOWED_LINK.test(url) }),
    ],
    content: initialHtml,
    // The error's id is always named: a description that names no element is ignored until it shows.
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-describedby': errorId, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }} error={error} errorProps={{ id: errorId }}>
      <RichTextEditor editor={editor} labels={LABELS} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
