// Adding documents: the drop zone (files and whole folders), the file and folder choosers,
// and the upload options with the spec's rules explained before anything is sent.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useT } from '../../i18n';
import { optionProblems } from '../../rules';
import { useInbox, type UploadOptions } from '../../store';

export function IntakeTitle() {
  return <>{useT()('inbox.intake')}</>;
}

/** Walks a dropped folder (webkitGetAsEntry) into its files, recursively. */
async function filesFromEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return new Promise((resolve) => (entry as FileSystemFileEntry).file((f) => resolve([f]), () => resolve([])));
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    const all: File[] = [];
    // readEntries answers in batches (100 in Chromium) until it returns an empty one.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve) => reader.readEntries(resolve, () => resolve([])));
      if (batch.length === 0) break;
      for (const e of batch) all.push(...(await filesFromEntry(e)));
    }
    return all;
  }
  return [];
}

async function filesFromDrop(dt: DataTransfer): Promise<File[]> {
  const entries: FileSystemEntry[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry?.() : null;
    if (entry) entries.push(entry);
  }
  if (entries.length > 0 && entries.some((e) => e.isDirectory)) {
    const files: File[] = [];
    for (const e of entries) files.push(...(await filesFromEntry(e)));
    return files;
  }
  return Array.from(dt.files ?? []);
}

export function DropZone() {
  const t = useT();
  const enqueue = useInbox((s) => s.enqueue);
  const [over, setOver] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.ctrlKey || e.metaKey || e.altKey || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return;
      if (e.key === 'u') {
        e.preventDefault();
        fileInput.current?.click();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onDrop = async (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const files = await filesFromDrop(e.dataTransfer);
    if (files.length) enqueue(files);
  };

  return (
    <div
      className={`dropzone${over ? ' dropzone-over' : ''}`}
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void onDrop(e)}
    >
      <p className="dropzone-title">{t('inbox.drop_title')}</p>
      <p className="dropzone-hint">{t('inbox.drop_hint')}</p>
      <div className="dropzone-actions">
        <button type="button" className="btn btn-primary" onClick={() => fileInput.current?.click()} aria-keyshortcuts="u">
          {t('inbox.choose_files')}
        </button>
        <button type="button" className="btn" onClick={() => folderInput.current?.click()}>
          {t('inbox.choose_folder')}
        </button>
      </div>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        aria-label={t('inbox.choose_files')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) enqueue(files);
        }}
      />
      <input
        ref={(el) => {
          folderInput.current = el;
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        data-testid="folder-input"
        aria-label={t('inbox.choose_folder')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) enqueue(files);
        }}
      />
    </div>
  );
}

export function UploadOptionsPanel() {
  const t = useT();
  const options = useInbox((s) => s.options);
  const setOptions = useInbox((s) => s.setOptions);
  const [open, setOpen] = useState(false);
  const problems = optionProblems(t, options);
  const set = <K extends keyof UploadOptions>(k: K, v: UploadOptions[K]) => setOptions({ [k]: v } as Partial<UploadOptions>);
  const summary = [t(`mode.${options.processing_mode}`), t(`lane.${options.processing_lane}`), options.extraction_profile === 'generic' ? t('profile.generic') : t('profile.energy')].join(' · ');
  const hint = (k: keyof UploadOptions, text: string) =>
    problems[k] ? (
      <p className="field-problem" id={`opt-${k}-hint`} role="status">
        {problems[k]}
      </p>
    ) : (
      <p className="field-hint" id={`opt-${k}-hint`}>
        {text}
      </p>
    );
  return (
    <div className="options">
      <button type="button" className="btn options-toggle" aria-expanded={open} aria-controls="upload-options" onClick={() => setOpen(!open)}>
        {t('upload.options')}: <span className="options-summary">{summary}</span>
      </button>
      {open && (
        <form id="upload-options" className="options-form" onSubmit={(e) => e.preventDefault()} aria-label={t('upload.options')}>
          <div className="field">
            <label htmlFor="opt-mode">{t('upload.mode')}</label>
            <select id="opt-mode" value={options.processing_mode} aria-describedby="opt-processing_mode-hint" onChange={(e) => set('processing_mode', e.target.value as UploadOptions['processing_mode'])}>
              {(['extraction', 'analysis', 'validation', 'thumbnail'] as const).map((m) => (
                <option key={m} value={m}>
                  {t(`mode.${m}`)}
                </option>
              ))}
            </select>
            {hint('processing_mode', t(`mode.${options.processing_mode}.hint`))}
          </div>
          <div className="field">
            <label htmlFor="opt-lane">{t('upload.lane')}</label>
            <select id="opt-lane" value={options.processing_lane} aria-describedby="opt-processing_lane-hint" onChange={(e) => set('processing_lane', e.target.value as UploadOptions['processing_lane'])}>
              <option value="standard">{t('lane.standard')}</option>
              <option value="batch">{t('lane.batch')}</option>
            </select>
            {hint('processing_lane', t('lane.hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-profile">{t('upload.profile')}</label>
            <select id="opt-profile" value={options.extraction_profile} aria-describedby="opt-extraction_profile-hint" onChange={(e) => set('extraction_profile', e.target.value as UploadOptions['extraction_profile'])}>
              <option value="generic">{t('profile.generic')}</option>
              <option value="de.energy.supply-invoice">{t('profile.energy')}</option>
            </select>
            {hint('extraction_profile', t('profile.hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-pages">{t('upload.pages')}</label>
            <input id="opt-pages" type="text" value={options.pages} placeholder="first, 2, last" disabled={options.processing_mode !== 'analysis'} aria-describedby="opt-pages-hint" onChange={(e) => set('pages', e.target.value)} />
            {hint('pages', t('upload.pages_hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-locale">{t('upload.locale')}</label>
            <select id="opt-locale" value={options.locale} aria-describedby="opt-locale-hint" onChange={(e) => set('locale', e.target.value)}>
              <option value="">{t('upload.locale_none')}</option>
              <option value="de">Deutsch (de)</option>
              <option value="en">English (en)</option>
            </select>
            {hint('locale', t('upload.locale_hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-requester">{t('upload.requester')}</label>
            <input id="opt-requester" type="text" value={options.requester} maxLength={300} aria-describedby="opt-requester-hint" onChange={(e) => set('requester', e.target.value)} />
            {hint('requester', t('upload.requester_hint'))}
          </div>
          <div className="field field-check">
            <input id="opt-ai" type="checkbox" checked={options.processing_mode === 'extraction' ? options.allow_ai_processing : false} disabled={options.processing_mode !== 'extraction'} aria-describedby="opt-allow_ai_processing-hint" onChange={(e) => set('allow_ai_processing', e.target.checked)} />
            <label htmlFor="opt-ai">{t('upload.ai')}</label>
            {hint('allow_ai_processing', options.processing_mode === 'extraction' ? t('upload.ai_hint') : t('upload.ai_off_hint'))}
          </div>
          <div className="field">
            <label htmlFor="opt-types">{t('upload.custom_types')}</label>
            <input id="opt-types" type="text" value={options.custom_types} placeholder="invoice, reminder" disabled={options.processing_mode === 'validation'} aria-describedby="opt-custom_types-hint" onChange={(e) => set('custom_types', e.target.value)} />
            {hint('custom_types', options.processing_mode === 'validation' ? t('upload.custom_types_validation') : t('upload.custom_types_hint'))}
          </div>
        </form>
      )}
    </div>
  );
}
