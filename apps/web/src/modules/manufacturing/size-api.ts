import { http, unwrap } from '../../platform/http.ts';

/** A style's colour × size grid (尺码横排): its variants and the quantities of some of them, with totals. */
export interface SizeGrid {
  key: string;
  name: string;
  colours: string[];
  sizes: string[];
  variants: Array<{ materialId: number; colour: string; size: string }>;
  cells: Array<{ materialId: number; colour: string; size: string; quantity: string }>;
  byColour: Record<string, string>;
  bySize: Record<string, string>;
  total: string;
}

export const sizeApi = {
  order: async (id: number) => unwrap(await http.get<{ id: number; moNo: string; status: string; grids: SizeGrid[] }>('/makeOrder/sizes', { id })),
  save: async (id: number, materialId: number, cells: Array<{ colour: string; size: string; quantity: string }>) =>
    unwrap(await http.post<SizeGrid & { message: string }>('/makeOrder/saveSizes', { id, materialId, cells })),
  task: async (id: number) => unwrap(await http.get<{ taskNo: string; planDate: string; grid: SizeGrid | null }>('/productionTask/sizes', { id })),
  proposal: async (id: number) => unwrap(await http.get<{ needDate: string; grid: SizeGrid | null }>('/mrp/proposalSizes', { id })),
};
