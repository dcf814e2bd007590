const D=require('better-sqlite3');const db=new D('/tmp/lx/copy.sqlite');
function t(name, s){ const st=db.prepare(s); for(let i=0;i<3;i++) st.all(); const a=[]; for(let i=0;i<15;i++){const t0=performance.now(); st.all(); a.push(performance.now()-t0);} a.sort((x,y)=>x-y); console.log(name, a[7].toFixed(2)); for (const r of db.prepare('explain query plan '+s).all()) console.log('   ', r.detail); }
const base = "m.tenant_id=1 and m.deleted_at is null and m.pending=0";
const f = `+m.id in (select v.member_id from member_values v where v.tenant_id=1 and v.field_id=11 and v.value_text='nuori') and lower(m.address_city) = 'tampere'`;
t('count forced', `select count(*) from members m where ${base} and (${f})`);
t('narrow page', `select m.id, count(*) over () as total_ from members m where ${base} and (${f}) order by m.sort_lastname, m.sort_firstname, m.id limit 20 offset 380`);
const f2 = `m.id in (select v.member_id from member_values v where v.tenant_id=1 and v.field_id=11 and v.value_text='nuori') and m.address_city like 'tampere'`;
t('count orig', `select count(*) from members m where ${base} and (${f2})`);
console.log(db.prepare("select * from sqlite_stat1 where tbl='members'").all());
