import { SystemNotice } from './SystemNotice.tsx';

/**
 * What a store designer's preview shows on a screen of a signed-in buyer's own data (the account
 * area, checkout) when nobody is signed in (docs/designer.md): the preview session reads the shop, not
 * a buyer, so it says so instead of an empty or failing screen.
 */
export function PreviewUnavailable() {
  return <SystemNotice screen="preview-unavailable" title="app.preview_unavailable" paragraphs={[{ key: 'app.preview_unavailable_text' }]} />;
}
