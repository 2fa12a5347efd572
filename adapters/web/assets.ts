// The board's only stylesheet and script, served from /assets/ so the Content-Security-Policy can forbid
// inline code. No build step: the page works without the script; the script only adds live updates.

/** The stylesheet: system fonts, AA contrast, visible focus, one column on a phone. */
export const BOARD_CSS = `
:root{--fg:#1b1f24;--muted:#4a5360;--bg:#f6f7f9;--card:#fff;--line:#d0d5dd;--accent:#0b57d0;--good:#146c2e;--warn:#8a4b00;--danger:#b3261e}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
.top{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding:10px 16px;background:#fff;border-bottom:1px solid var(--line)}
.top nav ul{display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none;margin:0;padding:0}
.top .brand{font-weight:700;text-decoration:none;color:var(--fg)}
.who{display:flex;gap:8px;align-items:center;color:var(--muted)}
main{max-width:1200px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:.2em 0 .6em}h2{font-size:1.2rem;margin:1.2em 0 .5em}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px;margin:0 0 14px}
.card-head{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:baseline;justify-content:space-between}
.card-head h3{margin:0;font-size:1.1rem}
.badge{font-size:.85rem;padding:2px 8px;border-radius:999px;border:1px solid currentColor}
.tone-muted,.meta,.context,.hint{color:var(--muted)}.tone-good{color:var(--good)}.tone-warning{color:var(--warn)}.tone-danger{color:var(--danger)}
.context,.meta,.hint{font-size:.9rem}
.lanes{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;margin:8px 0}
.lane{border:1px solid var(--line);border-radius:8px;padding:6px 8px;background:var(--bg);overflow-wrap:anywhere}
.lane h3,.lane h4{margin:0 0 4px;font-size:.95rem;display:flex;justify-content:space-between}
.count{font-weight:600}
.items{margin:0;padding-left:1.1em}.item{margin:2px 0}
.fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:6px 12px;margin:8px 0}.fields dt{font-size:.85rem;color:var(--muted)}.fields dd{margin:0}
.text{white-space:pre-line}
.outcome{font-weight:600}
.actions .buttons{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.field{display:block;margin:6px 0}.field input,.field select{font:inherit;padding:6px;border:1px solid var(--muted);border-radius:6px;max-width:100%}
.btn{font:inherit;min-height:44px;padding:8px 16px;border-radius:8px;border:1px solid var(--muted);background:#fff;color:var(--fg);cursor:pointer}
.btn-primary{background:var(--good);border-color:var(--good);color:#fff}.btn-danger{background:#fff;border-color:var(--danger);color:var(--danger)}
.btn[disabled]{opacity:.55;cursor:not-allowed}
.notice{padding:10px 12px;border-radius:8px;border:1px solid var(--line);background:#fff}.notice.error{border-color:var(--danger)}
.card-notice{padding:8px 10px;border-radius:6px;border:1px solid var(--line);margin:8px 0}.card-notice.error{border-color:var(--danger);color:var(--danger)}.card-notice.warning{border-color:var(--warn)}
.mentions{margin:6px 0}
.ledger{list-style:none;padding:0;margin:0}.ledger-row{border-bottom:1px solid var(--line);padding:8px 0}.ledger-row .sentence{margin:0 0 2px;overflow-wrap:anywhere}.ledger-row details summary{cursor:pointer;font-size:.85rem;color:var(--muted)}
.raw{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.8rem;max-width:100%;margin:4px 0}
table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;border-bottom:1px solid var(--line);padding:6px 8px;vertical-align:top}
td code{word-break:break-all}
.table-wrap{overflow-x:auto}
.timeline{list-style:none;padding:0}.timeline li{border-left:3px solid var(--line);padding:4px 10px;margin:0 0 8px}
.live{position:absolute;left:-999px}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,420px),1fr));gap:12px}
.chart{margin:0;background:#fff;border:1px solid var(--line);border-radius:10px;padding:10px 12px;min-width:0}.chart figcaption{font-weight:600;margin:0 0 6px}
.chart svg{width:100%;height:auto;display:block}.chart svg.gauge{max-width:300px;height:18px}.tick{font-size:14px;fill:var(--muted)}.axis{stroke:var(--line)}
.legend{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 14px}.swatch{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:5px;vertical-align:-1px}
.gauges{margin:0}.gauges dt{font-size:.9rem;color:var(--muted)}.gauges dd{margin:0 0 8px}.gauge-track{fill:#e4e7ec}.chart-numbers summary{cursor:pointer;color:var(--accent)}
.lane-bar{display:block;width:100%;max-width:300px;height:12px;margin:4px 0 0;border-radius:3px}
.c-todo,.c-lane-todo{fill:#6b7587;background:#6b7587}.c-in_progress,.c-lane-claimed{fill:#7aa2e3;background:#7aa2e3}.c-lane-running,.c-evidence,.c-gate-median{fill:#0b57d0;background:#0b57d0}
.c-lane-review{fill:#7b4fc4;background:#7b4fc4}.c-blocked,.c-lane-blocked{fill:#b3261e;background:#b3261e}.c-lane-user_gate,.c-quota,.c-gate-open{fill:#8a4b00;background:#8a4b00}.c-done,.c-lane-done{fill:#146c2e;background:#146c2e}
@media (max-width:600px){main{padding:10px}.lanes{grid-template-columns:1fr 1fr}}
`;

/**
 * Live updates: the server sends a `change` event after every commit; the page re-fetches itself and swaps
 * <main>, unless the person is typing in a form (then it waits for them to leave it).
 */
export const LIVE_JS = `
(function(){
  var here=document.body&&document.body.getAttribute('data-here');
  if(here&&window.history&&history.replaceState)history.replaceState(null,'',here);
  if(!window.EventSource||!window.fetch||!window.DOMParser)return;
  var pending=false,timer=null;
  function busy(){var a=document.activeElement;return a&&(a.tagName==='INPUT'||a.tagName==='SELECT'||a.tagName==='TEXTAREA');}
  function refresh(){
    if(busy()){pending=true;return;}
    pending=false;
    fetch(location.href,{credentials:'same-origin',headers:{'accept':'text/html'}}).then(function(r){return r.ok?r.text():null;}).then(function(text){
      if(!text)return;
      var next=new DOMParser().parseFromString(text,'text/html').querySelector('main');
      var main=document.querySelector('main');
      if(!next||!main)return;
      main.innerHTML=next.innerHTML;
      var live=document.getElementById('live');if(live)live.textContent=live.getAttribute('data-updated')||'';
      document.body.setAttribute('data-refreshed',String(Date.now()));
    });
  }
  document.addEventListener('focusout',function(){if(pending)setTimeout(refresh,0);});
  var source=new EventSource('/live');
  source.addEventListener('change',function(){clearTimeout(timer);timer=setTimeout(refresh,150);});
})();
`;
