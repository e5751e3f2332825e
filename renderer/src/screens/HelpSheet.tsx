// Keyboard shortcuts, grouped by screen.
import { useT, type TKey } from '../i18n';

const GROUPS: Array<{ title: TKey; keys: Array<[string, TKey]> }> = [
  {
    title: 'help.everywhere',
    keys: [
      ['?', 'help.k_help'],
      ['i', 'help.k_inbox'],
      ['s', 'help.k_settings'],
      ['d', 'help.k_theme'],
      ['l', 'help.k_lang'],
      ['Esc', 'help.k_close'],
    ],
  },
  {
    title: 'help.inbox',
    keys: [
      ['u', 'help.k_upload'],
      ['/', 'help.k_search'],
      ['↑ ↓ / j k', 'help.k_rows'],
      ['Enter', 'help.k_open'],
      ['x / Space', 'help.k_select'],
      ['Delete', 'help.k_delete'],
    ],
  },
  {
    title: 'help.document',
    keys: [
      ['→ / PageDown / n', 'help.k_next'],
      ['← / PageUp / p', 'help.k_prev'],
      ['Home / End', 'help.k_first_last'],
      ['+ / −', 'help.k_zoom'],
      ['0', 'help.k_zoom_reset'],
      ['Esc', 'help.k_back'],
    ],
  },
];

export function HelpSheet() {
  const t = useT();
  return (
    <div className="help" data-testid="help-sheet">
      {GROUPS.map((g) => (
        <section key={g.title}>
          <h3>{t(g.title)}</h3>
          <dl className="shortcuts">
            {g.keys.map(([k, label]) => (
              <div key={k + label} className="shortcut">
                <dt>
                  <kbd>{k}</kbd>
                </dt>
                <dd>{t(label)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
