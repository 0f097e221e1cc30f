import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../../contract/contract.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../button/Button.tsx';
import { useControllableState } from '../shared/use-controllable-state.ts';
import css from './file-drop.css?inline';

registerStyles('file-drop', css);

/** A refused file's message disappears after this long (spec §5 "an error clears after 3 s"). */
export const FILE_ERROR_CLEAR_MS = 3000;
/** The picker's `accept` list, from the upload rule (spec §5, §9: .jpg, .jpeg, .png, .pdf). */
export const FILE_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * Why a file cannot be uploaded (the i18n key of the message), or null when it can: the extension must
 * be one of `UPLOAD_EXTENSIONS` in any letter case, then the size at most `UPLOAD_MAX_BYTES`.
 */
export function uploadFileError(file: Pick<File, 'name' | 'size'>): MessageKey | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return 'validation.file_extension';
  if (file.size > UPLOAD_MAX_BYTES) return 'validation.file_size';
  return null;
}

export interface FileDropProps {
  /** What the file is for (e.g. "Logo"); names the drop zone group. */
  label?: ReactNode;
  /** Controlled chosen file (`null`: none); leave undefined for an uncontrolled drop zone. */
  file?: File | null;
  defaultFile?: File | null;
  /** The accepted file, or null after it was removed. Refused files never reach it. */
  onFileChange?: (file: File | null) => void;
  disabled?: boolean;
  /** The native file input's name, for plain form posts of a picked (not dropped) file. */
  name?: string;
  className?: string;
  /**
   * An error about the file from elsewhere (the provider refused it, e.g. its quota): shown where a
   * refused file's message is, but kept until the caller clears it (a refused file's message wins).
   */
  error?: string | null;
}

/**
 * A file drop zone with a real file picker behind a "Choose file" button (spec §2 "file drag-and-drop",
 * §5 upload rules): JPG/JPEG/PNG/PDF up to 10 MB, otherwise "Unauthorized file extension" or "File size
 * too large" in an alert that clears after 3 s. The chosen file's name shows with a remove button.
 * The button is the keyboard path (Enter/Space open the picker); dropping is the pointer shortcut.
 * State: `data-state="idle" | "dragover"`. Parts: `base`, `button`, `hint`, `file`, `remove`, `error`.
 */
export function FileDrop({ label, file: fileProp, defaultFile = null, onFileChange, disabled = false, name, className, error = null }: FileDropProps) {
  useSignals();
  const baseId = useId();
  const labelId = `${baseId}label`;
  const hintId = `${baseId}hint`;
  const errorId = `${baseId}error`;
  const [file, setFile] = useControllableState<File | null>(fileProp, defaultFile, onFileChange);
  const [dragging, setDragging] = useState(false);
  /** The refused file's message; `serial` restarts the clearing timer when the same error repeats. */
  const [problem, setProblem] = useState<{ key: MessageKey; serial: number } | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const chooseRef = useRef<HTMLButtonElement | null>(null);
  const message = problem ? t(problem.key) : error || null;

  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(null), FILE_ERROR_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  const take = (candidate: File | undefined) => {
    if (!candidate) return;
    const refusal = uploadFileError(candidate);
    if (refusal) {
      setProblem((previous) => ({ key: refusal, serial: (previous?.serial ?? 0) + 1 }));
      return;
    }
    setProblem(null);
    setFile(candidate);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    // Without preventDefault the browser would open the dropped file instead of handing it over.
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    take(event.dataTransfer?.files?.[0]);
  };

  return (
    <div
      role="group"
      aria-labelledby={label ? labelId : undefined}
      className={className ? `shop-file-drop ${className}` : 'shop-file-drop'}
      part="base"
      data-state={dragging ? 'dragover' : 'idle'}
      data-disabled={disabled || undefined}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {label && (
        <span id={labelId} className="shop-file-drop__label">
          {label}
        </span>
      )}
      <p className="shop-file-drop__prompt">{t('widgets.file_drop')}</p>
      <Button
        ref={chooseRef}
        variant="secondary"
        size="small"
        disabled={disabled}
        aria-describedby={message ? `${errorId} ${hintId}` : hintId}
        onClick={() => inputRef.current?.click()}
      >
        {t('widgets.file_choose')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        className="shop-file-drop__input"
        name={name}
        accept={FILE_ACCEPT}
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files?.[0]);
          // Picking the same file again after removing or refusing it must fire a change again.
          event.target.value = '';
        }}
      />
      <p id={hintId} className="shop-file-drop__hint" part="hint">
        {t('validation.file_hint')}
      </p>
      {file && (
        <div className="shop-file-drop__file" part="file">
          <span className="shop-file-drop__name">{t('widgets.file_selected', { name: file.name })}</span>
          <button
            type="button"
            className="shop-file-drop__remove"
            part="remove"
            aria-label={`${t('widgets.file_remove')}: ${file.name}`}
            disabled={disabled}
            onClick={() => {
              setFile(null);
              chooseRef.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
      <p id={errorId} role="alert" className="shop-file-drop__error" part="error">
        {message}
      </p>
    </div>
  );
}
