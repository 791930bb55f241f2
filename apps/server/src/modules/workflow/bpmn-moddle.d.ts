// bpmn-moddle ships types for its model (bpmn-moddle/types) but none for the entry point; the calls used here.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    create(type: string, attrs?: Record<string, unknown>): any;
    fromXML(xml: string, type?: string): Promise<{ rootElement: any; warnings: Array<{ message: string }> }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
