/**
 * Gallery: the dictionary widgets on the seeded dictionaries (priority, sex, the sys_user table dictionary), each
 * showing the value it emits; the failures (an empty code, a table dictionary the server refuses) are mounted on
 * demand, so that their warnings show when asked for and not on every visit of the page.
 */
import { useState } from 'react';
import { Button, Col, Row } from 'antd';
import { dictSearchLoader, loadDictOptions } from '../../../lib/api/dict.ts';
import { DictCheckboxGroup, DictRadioGroup, DictSelect } from '../../../widgets/dict-select/dict-select.tsx';
import { DictSearchSelect } from '../../../widgets/dict-search-select/dict-search-select.tsx';
import { ValueSwitch } from '../../../widgets/value-switch/value-switch.tsx';
import { Variant } from '../gallery-variant.tsx';
import type { GallerySection } from '../gallery-section.ts';

const USERS = dictSearchLoader('sys_user,realname,username');
const COL = { xs: 24, md: 12, xl: 8 } as const;

function DictWidgets() {
  const [plain, setPlain] = useState<string>();
  const [search, setSearch] = useState<string>('');
  const [multi, setMulti] = useState<string>('H,M');
  const [radio, setRadio] = useState<string>('1');
  const [checks, setChecks] = useState<string>('');
  const [flag, setFlag] = useState<string>('');
  const [query, setQuery] = useState<string>('');
  const [failing, setFailing] = useState(false);
  const [failed, setFailed] = useState<string>();

  return (
    <Row gutter={[24, 8]}>
      <Col {...COL}>
        <Variant label="字典下拉（priority）" value={plain} valueTestId="dict-select-value">
          <DictSelect
            dictCode="priority"
            loader={loadDictOptions}
            value={plain}
            onChange={setPlain}
            aria-label="字典下拉"
            data-testid="dict-select"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="搜索下拉（用户表字典，每页 10 条）" value={search} valueTestId="dict-search-value">
          <DictSearchSelect
            mode="single"
            loader={USERS}
            value={search}
            onChange={setSearch}
            placeholder="输入姓名搜索"
            aria-label="搜索下拉"
            data-testid="dict-search"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="多选下拉（逗号分隔，显示 1 个标签）" value={multi} valueTestId="dict-multi-value">
          <DictSelect
            mode="multiple"
            dictCode="priority"
            loader={loadDictOptions}
            value={multi}
            onChange={setMulti}
            aria-label="多选下拉"
            data-testid="dict-multi"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="单选按钮组（sex）" value={radio} valueTestId="dict-radio-value">
          <DictRadioGroup
            dictCode="sex"
            loader={loadDictOptions}
            value={radio}
            onChange={setRadio}
            aria-label="性别"
            data-testid="dict-radio"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="多选框组（priority，至少 1 项，至多 2 项）" value={checks} valueTestId="dict-checkbox-value">
          <DictCheckboxGroup
            dictCode="priority"
            loader={loadDictOptions}
            value={checks}
            onChange={setChecks}
            min={1}
            max={2}
            id="gallery-dict-checkbox"
            aria-label="优先级多选"
            data-testid="dict-checkbox"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="开关（Y/N，空值显示为关并发出 N）" value={flag} valueTestId="switch-value">
          <div>
            <ValueSwitch value={flag} onChange={setFlag} aria-label="开关" data-testid="switch" />
          </div>
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant label="开关查询模式（是/否）" value={query} valueTestId="switch-query-value">
          <ValueSwitch query value={query} onChange={setQuery} aria-label="开关查询" data-testid="switch-query" />
        </Variant>
      </Col>
      <Col xs={24}>
        <Variant
          label="加载失败：字典 Code 为空、服务器拒绝的表字典（sys_user,password,id）"
          value={failed}
          valueTestId="dict-failing-value"
        >
          {failing ? (
            <Row gutter={[24, 8]}>
              <Col {...COL}>
                <DictSelect
                  dictCode=""
                  loader={loadDictOptions}
                  aria-label="字典Code为空"
                  data-testid="dict-empty-code"
                />
              </Col>
              <Col {...COL}>
                <DictSelect
                  dictCode="sys_user,password,id"
                  loader={loadDictOptions}
                  value={failed}
                  onChange={setFailed}
                  aria-label="被拒绝的字典"
                  data-testid="dict-refused"
                />
              </Col>
            </Row>
          ) : (
            <div>
              <Button onClick={() => setFailing(true)} data-testid="dict-show-failures">
                演示加载失败
              </Button>
            </div>
          )}
        </Variant>
      </Col>
    </Row>
  );
}

export const section: GallerySection = {
  id: 'dict-widgets',
  title: '字典组件',
  order: 10,
  description: '字典下拉、搜索下拉、多选、单选/多选框组与开关；选项来自字典缓存（7 天）或服务器表字典。',
  Component: DictWidgets,
};
