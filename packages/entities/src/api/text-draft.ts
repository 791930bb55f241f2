// The draft sales order text recognition returns (POST /textai/recognize), as the server builds it and the web shows it.

/** One unit a material is sold in: its barcode row and sales price. */
export interface UnitOption {
  unit: string;
  barCode: string;
  materialExtendId: number;
  price: string | null;
}

export type SpanKind = 'customer' | 'material' | 'quantity' | 'date';

/** A recognised stretch of the message (highlighted on the screen). */
export interface DraftSpan {
  start: number;
  end: number;
  kind: SpanKind;
  /** the draft line a material or quantity span belongs to */
  line?: number;
}

export interface DraftLine {
  materialId: number;
  materialName: string;
  score: number;
  qty: string | null;
  unit: string | null;
  barCode: string | null;
  materialExtendId: number | null;
  unitPrice: string | null;
  units: UnitOption[];
}

export interface Draft {
  customer: { id: number; name: string; score: number } | null;
  lines: DraftLine[];
  deliveryDate: string | null;
  spans: DraftSpan[];
  today: string;
}
