/** Gallery: the code editor (spec widgets §9) — language switch, read-only; CodeMirror loads only here. */
import { useState } from 'react';
import { Flex } from 'antd';
import { CodeEditor } from '../../../widgets/code-editor/code-editor-lazy.tsx';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

const SAMPLE = `function greet(name) {
  return \`你好，\${name}\`;
}
`;

function Demo() {
  const [code, setCode] = useState(SAMPLE);
  const [language, setLanguage] = useState('javascript');
  return (
    <Flex vertical>
      <Variant label={`可编辑，切换语言（当前：${language}）`} value={code} valueTestId="code-editor-value">
        <CodeEditor
          value={code}
          onChange={setCode}
          language={language}
          onLanguageChange={setLanguage}
          languageChooser
          height={220}
          aria-label="示例代码"
        />
      </Variant>
      <Variant label="只读（SQL）">
        <CodeEditor
          value={'select id, realname\n  from sys_user\n where del_flag = 0;'}
          language="sql"
          readOnly
          height={100}
          aria-label="只读SQL"
        />
      </Variant>
    </Flex>
  );
}

export const section: GallerySection = {
  id: 'code-editor',
  title: '代码编辑器',
  order: 61,
  description:
    'CodeMirror 6：CSS、JavaScript、HTML、Java、Objective-C、Python、R、Shell、SQL、Swift、Vue、Markdown，缩进2格。',
  Component: Demo,
};
