/** 生产订单看板's reply (`GET /shopfloor/orderBoard`): one definition for the server's test and the web page. */
export interface OrderBoardRow {
  id: number;
  moNo: string;
  status: string;
  promisedDate: string | null;
  products: string;
  quantity: string;
  goodQty: string;
  progress: number;
  operations: number;
  operationsDone: number;
  late: boolean;
}
export interface OrderBoard {
  open: number;
  late: number;
  doneLast30: number;
  orders: OrderBoardRow[];
}
