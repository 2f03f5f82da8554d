/**
 * Gallery: the category picker on the seeded A01 tree (single, multiple, with a condition, an initial value shown
 * by its text) and the dictionary tree select over departments; children load when a node is expanded. A
 * condition that is not JSON is mounted on demand (its message shows when asked for).
 */
import { useEffect, useState } from 'react';
import { Button, Col, Row } from 'antd';
import { categoryTreeLoader, dictTreeLoader } from '../../../lib/api/dict.ts';
import { DictTreeSelect } from '../../../widgets/tree-select/tree-select.tsx';
import { categoryIdOfCode } from '../api/dict-widgets.ts';
import { Variant } from '../gallery-variant.tsx';
import type { GallerySection } from '../gallery-section.ts';

const A01 = categoryTreeLoader('A01');
const DEPARTS = dictTreeLoader({ tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id' });
const COL = { xs: 24, md: 12, xl: 8 } as const;

function TreeSelects() {
  const [single, setSingle] = useState<string>('');
  const [multiple, setMultiple] = useState<string>('');
  const [filtered, setFiltered] = useState<string>('');
  const [initial, setInitial] = useState<string>('');
  const [depart, setDepart] = useState<string>('');
  const [bad, setBad] = useState(false);

  // An edited record's value: the id of 采购退货 (A01A01A02), shown by its text (loadDictItem).
  useEffect(() => {
    let live = true;
    categoryIdOfCode('A01A01A02').then(
      (id) => {
        if (live) setInitial(id);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <Row gutter={[24, 8]}>
      <Col {...COL}>
        <Variant label="分类选择（A01，单选）" value={single} valueTestId="category-single-value">
          <DictTreeSelect
            loader={A01}
            value={single}
            onChange={setSingle}
            aria-label="分类单选"
            data-testid="category-single"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="分类选择（A01，多选，逗号分隔）" value={multiple} valueTestId="category-multiple-value">
          <DictTreeSelect
            loader={A01}
            multiple
            value={multiple}
            onChange={setMultiple}
            aria-label="分类多选"
            data-testid="category-multiple"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label='带条件（condition={"code":"A01A02"}）' value={filtered} valueTestId="category-condition-value">
          <DictTreeSelect
            loader={A01}
            condition='{"code":"A01A02"}'
            value={filtered}
            onChange={setFiltered}
            aria-label="带条件的分类"
            data-testid="category-condition"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="已有值（按 id 显示名称）" value={initial} valueTestId="category-initial-value">
          <DictTreeSelect
            loader={A01}
            value={initial}
            onChange={setInitial}
            aria-label="已有值的分类"
            data-testid="category-initial"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="树选择（部门表 sys_depart）" value={depart} valueTestId="tree-depart-value">
          <DictTreeSelect
            loader={DEPARTS}
            value={depart}
            onChange={setDepart}
            aria-label="部门树"
            data-testid="tree-depart"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="condition 不是 JSON">
          {bad ? (
            <DictTreeSelect
              loader={A01}
              condition="code=A01A02"
              aria-label="错误条件的分类"
              data-testid="category-bad-condition"
            />
          ) : (
            <div>
              <Button onClick={() => setBad(true)} data-testid="category-show-bad-condition">
                演示错误条件
              </Button>
            </div>
          )}
        </Variant>
      </Col>
    </Row>
  );
}

export const section: GallerySection = {
  id: 'tree-select',
  title: '分类字典与树选择',
  order: 11,
  description: '展开节点时才加载子节点；下拉最高 400 px；值为逗号分隔的 id。',
  Component: TreeSelects,
};
