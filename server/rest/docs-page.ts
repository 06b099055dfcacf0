/**
 * A small, dependency-free viewer for /api/openapi.json, served by the app itself (no CDN).
 * Script and style are external files (same origin) so a strict CSP needs no 'unsafe-inline'.
 */
export const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/docs.css"></head>
<body><header><h1>Storefront API</h1><p>Generated from the zod schemas of the routes: <a href="/api/openapi.json">openapi.json</a></p>
<input id="filter" type="search" placeholder="Filter routes…" aria-label="Filter routes"></header>
<main id="routes" aria-live="polite">Loading…</main>
<script src="/api/docs/docs.js" defer></script></body></html>`

export const DOCS_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1b26;background:#fafafa}
header{padding:16px 24px;background:#fff;border-bottom:1px solid #ddd;position:sticky;top:0}
h1{margin:0 0 4px;font-size:22px}#filter{width:100%;max-width:480px;padding:8px;border:1px solid #bbb;border-radius:6px}
main{padding:16px 24px;max-width:1100px}details{background:#fff;border:1px solid #ddd;border-radius:8px;margin:8px 0}
summary{cursor:pointer;padding:10px 14px;display:flex;gap:12px;align-items:center}
.m{font:600 12px monospace;padding:2px 8px;border-radius:4px;color:#fff;min-width:56px;text-align:center}
.GET{background:#2f7d32}.POST{background:#1565c0}.PATCH{background:#8e24aa}.PUT{background:#ef6c00}.DELETE{background:#c62828}
.p{font-family:monospace}.s{color:#555}pre{margin:0 14px 14px;padding:10px;background:#f4f4f6;border-radius:6px;overflow:auto;font-size:12px}
h3{margin:10px 14px 4px;font-size:14px}`

export const DOCS_JS = `(async function(){
  var root=document.getElementById('routes');
  var doc=await (await fetch('/api/openapi.json')).json();
  function esc(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]})}
  var html='';
  Object.keys(doc.paths).sort().forEach(function(path){
    var ops=doc.paths[path];
    Object.keys(ops).forEach(function(m){
      var op=ops[m];var body='';
      if(op.parameters){body+='<h3>Parameters</h3><pre>'+esc(JSON.stringify(op.parameters,null,2))+'</pre>'}
      if(op.requestBody){body+='<h3>Body</h3><pre>'+esc(JSON.stringify(op.requestBody.content['application/json'].schema,null,2))+'</pre>'}
      Object.keys(op.responses).forEach(function(code){var r=op.responses[code];
        body+='<h3>'+esc(code)+' '+esc(r.description)+'</h3><pre>'+esc(JSON.stringify((r.content&&r.content['application/json'].schema)||{},null,2))+'</pre>'});
      html+='<details data-key="'+esc((m+' '+path+' '+op.summary).toLowerCase())+'"><summary><span class="m '+m.toUpperCase()+'">'+m.toUpperCase()+'</span><span class="p">'+esc(path)+'</span><span class="s">'+esc(op.summary||'')+'</span></summary>'+body+'</details>';
    });
  });
  root.innerHTML=html;
  document.getElementById('filter').addEventListener('input',function(e){
    var q=e.target.value.toLowerCase();
    root.querySelectorAll('details').forEach(function(d){d.hidden=q&&d.dataset.key.indexOf(q)<0});
  });
})();`
