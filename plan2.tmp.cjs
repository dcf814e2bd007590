const D=require('better-sqlite3');const db=new D('/tmp/lx/copy.sqlite');
db.function('seura_lower', { deterministic: true }, (s) => (s === null ? null : String(s).toLowerCase()));
db.exec("create index if not exists mx_city on members(tenant_id, lower(address_city), deleted_at, pending)");
db.exec("analyze members");
function t(name, s){ const st=db.prepare(s); for(let i=0;i<3;i++) st.all(); const a=[]; for(let i=0;i<15;i++){const t0=performance.now(); st.all(); a.push(performance.now()-t0);} a.sort((x,y)=>x-y); console.log(name, a[7].toFixed(2)); for (const r of db.prepare('explain query plan '+s).all()) console.log('   ', r.detail); }
const base = "m.tenant_id=1 and m.deleted_at is null and m.pending=0";
const f = `m.id in (select v.member_id from member_values v where v.tenant_id=1 and v.field_id=11 and v.value_text='nuori') and lower(m.address_city) = 'tampere'`;
t('page+window', `select m.*, count(*) over () as total_ from members m where ${base} and (${f}) order by m.sort_lastname, m.sort_firstname, m.id limit 20 offset 380`);
t('narrow page', `select m.id, count(*) over () as total_ from members m where ${base} and (${f}) order by m.sort_lastname, m.sort_firstname, m.id limit 20 offset 380`);
t('count', `select count(*) from members m where ${base} and (${f})`);
t('stats', `select m.pending, m.active, count(*) from members m where m.tenant_id=1 and m.deleted_at is null and (${f}) group by 1,2`);
