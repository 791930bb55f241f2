import { http, unwrap } from '../../platform/http.ts';
import { saveFile } from '../../platform/crud/file-transfer.ts';

export type ArchiveKind = 'project' | 'contract';
/** The route and menu segment of each kind: /project/archive, /project/contract_archive. */
export const ARCHIVE_SEGMENT: Record<ArchiveKind, string> = { project: 'archive', contract: 'contract_archive' };

export interface ArchiveRow {
  id: number;
  number: string;
  kind: ArchiveKind;
  title: string;
  reason: 'closed' | 'manual';
  projectId: number;
  projectNumber: string;
  projectName: string;
  contractId: number | null;
  files: number;
  creatorName: string | null;
  createTime: string;
}

export type Row = Record<string, unknown>;
export interface ArchiveDetail extends ArchiveRow {
  snapshot: Row;
  fileNames: string[];
}

export const archiveDetail = async (kind: ArchiveKind, id: number) => unwrap(await http.get<ArchiveDetail>(`/project/${ARCHIVE_SEGMENT[kind]}/detail`, { id }));

/** The dossier as a workbook (button 3). */
export async function downloadDossier(kind: ArchiveKind, a: Pick<ArchiveRow, 'id' | 'number'>) {
  try {
    saveFile({ blob: await http.blob(`/project/${ARCHIVE_SEGMENT[kind]}/exportExcel`, { id: a.id }), fileName: `${a.number}.xls` });
  } catch {
    // the HTTP client has shown why
  }
}

/** Every file the archive references, as one zip. */
export async function downloadFiles(kind: ArchiveKind, a: Pick<ArchiveRow, 'id' | 'number'>) {
  try {
    saveFile({ blob: await http.blob(`/project/${ARCHIVE_SEGMENT[kind]}/downloadZip`, { id: a.id }), fileName: `${a.number}.zip` });
  } catch {
    // the HTTP client has shown why
  }
}
