import { existsSync } from 'node:fs';

/** A CJK font for the labels' text: LABEL_FONT, else Noto Sans CJK where Debian (fonts-noto-cjk) and others put it. */
const CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
];
/** The face inside the collection: simplified Chinese. */
const FACE: Record<string, string> = { Sans: 'NotoSansCJKsc-Regular', Serif: 'NotoSerifCJKsc-Regular' };

export interface LabelFont {
  path: string;
  family?: string;
}

export const MISSING_FONT = '服务器未安装中文字体（Noto CJK，Debian 包 fonts-noto-cjk），标签中的中文以“?”代替';

let found: LabelFont | null | undefined;
export function labelFont(): LabelFont | null {
  if (found !== undefined) return found;
  const env = process.env.LABEL_FONT;
  if (env && existsSync(env)) return (found = { path: env, family: process.env.LABEL_FONT_FAMILY || undefined });
  const path = CANDIDATES.find((p) => existsSync(p));
  found = path ? { path, family: FACE[path.includes('Serif') ? 'Serif' : 'Sans'] } : null;
  return found;
}
