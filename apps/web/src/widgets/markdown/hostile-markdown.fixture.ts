/**
 * Hostile Markdown for the sanitiser's tests: the unit tests (render-markdown.test.ts) and the browser journey
 * (e2e/tests/notices.spec.ts, which publishes them in an announcement and opens it in Chromium). Every entry
 * that could run script sets `window.__houtaiPwned` or opens a dialog when it does.
 */
export const HOSTILE_MARKDOWN: Readonly<Record<string, string>> = {
  'script tag': '<script>window.__houtaiPwned = 1</script>正文',
  'script inside a paragraph': 'hello <script>window.__houtaiPwned = 3</script> world',
  'img onerror': '<img src="x" onerror="window.__houtaiPwned = 2">',
  'img onerror without quotes': '<img src=x onerror=alert(3)//>',
  'markdown javascript link': '[点我1](javascript:alert(4))',
  'markdown javascript link with an escaped tab': '[点我2](jav&#x09;ascript:alert(5))',
  'html javascript link with an entity colon': '<a href="javascript&colon;alert(6)">点我3</a>',
  'html javascript link with tab and mixed case': '<a href="  JaVa\tScRiPt:alert(7)">点我4</a>',
  'entity-encoded javascript link':
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(8)">点我5</a>',
  'vbscript link': '<a href="vbscript:msgbox(9)">点我6</a>',
  'data link': '[点我7](data:text/html;base64,PHNjcmlwdD5hbGVydCgxMCk8L3NjcmlwdD4=)',
  'data image': '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMTEpPg==)',
  'data image in html': '<img src="data:image/png;base64,iVBORw0KGgo=">',
  'svg onload': '<svg onload="alert(12)"><circle r="10"/></svg>',
  'svg with script and link':
    '<svg><script>alert(13)</script><a xlink:href="javascript:alert(14)"><text>x</text></a></svg>',
  'math with link': '<math><mtext><a href="javascript:alert(15)">x</a></mtext></math>',
  'iframe srcdoc': '<iframe srcdoc="<script>parent.alert(16)</script>"></iframe>',
  'object data': '<object data="javascript:alert(17)"></object>',
  'form action': '<form action="javascript:alert(18)"><button formaction="javascript:alert(19)">go</button></form>',
  'style tag and attribute': '<style>body{display:none}</style><p style="position:fixed;inset:0">盖住页面</p>',
  'class faking antd': '<div class="ant-modal-mask">x</div>',
  'details ontoggle': '<details open ontoggle="alert(20)"><summary>x</summary></details>',
  'body onload': '<body onload="alert(21)">x</body>',
  'base href': '<base href="https://evil.example/">',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(22)">',
  'mXSS through noscript': '<noscript><p title="</noscript><img src=x onerror=alert(23)>">',
  'mXSS through style in svg': '<svg></p><style><a id="</style><img src=1 onerror=alert(24)>">',
  'template content': '<template><img src=x onerror=alert(25)></template>',
  srcset: '<img src="/a.png" srcset="javascript:alert(26) 1x">',
  'autolink javascript': '<javascript:alert(27)>',
  'reference-style link': '[点我8][1]\n\n[1]: javascript:alert(28)',
  'entities in text': '&lt;script&gt;alert(29)&lt;/script&gt; &#60;img src=x onerror=alert(30)&#62;',
  'comment trick': '<!--><img src=x onerror=alert(31)>-->',
  'cdata trick': '<![CDATA[><img src=x onerror=alert(32)>]]>',
  'input autofocus onfocus': '<input autofocus onfocus="alert(33)">',
  'video poster': '<video poster="javascript:alert(34)"><source src="x" onerror="alert(35)"></video>',
};
