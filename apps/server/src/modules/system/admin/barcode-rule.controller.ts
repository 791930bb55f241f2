import { defineController } from '../../../platform/crud/controller.ts';
import { numberFits } from './settings-rules.ts';

/** A barcode rule's next number must fit in its length. */
export const barcodeRuleController = defineController({ entity: 'barcodeRule', beforeSave: numberFits('barcode_rule') });
