import { defineEntity, f } from '../kit/definition.ts';

/** A unit of measure: a base unit plus up to three sub-units, each with its ratio to the base. */
export const unit = defineEntity({
  name: 'unit',
  table: 'unit',
  area: 'master',
  kind: 'master',
  label: { zh: '计量单位', en: 'Unit' },
  menu: '/system/unit',
  nameField: 'name',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('名称', 'Name', { required: true, max: 100, search: 'like', sort: true }),
    basicUnit: f.text('基本单位', 'Base unit', { required: true, max: 20 }),
    otherUnit: f.text('副单位', 'Sub-unit', { max: 20 }),
    ratio: f.quantity('比例', 'Ratio', { min: 0 }),
    otherUnitTwo: f.text('副单位2', 'Sub-unit 2', { max: 20 }),
    ratioTwo: f.quantity('比例2', 'Ratio 2', { min: 0 }),
    otherUnitThree: f.text('副单位3', 'Sub-unit 3', { max: 20 }),
    ratioThree: f.quantity('比例3', 'Ratio 3', { min: 0 }),
  },
});
