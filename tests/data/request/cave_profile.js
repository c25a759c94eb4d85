// The privacy profile and request score exactly as Jefferey Cave's article computes them
// ("How To Quantify Privacy in Datasets", Medium, 27 Dec 2023; ObservableHQ notebook), used
// as a peer oracle by tests/test_request.py. The two code blocks below marked "article" are
// copied from the article; the harness around them (reading rows from stdin, building the
// per-field counts `fields1`) is ours. One change: the request score's reduce keeps the
// article's start value 1 but not its rounding of scientific-notation scores to 0.
const rows = JSON.parse(require("fs").readFileSync(0, "utf8"));
const request = rows.request;
const fields1 = {};
for (const row of rows.data) {
  for (const [key, value] of Object.entries(row)) {
    fields1[key] = fields1[key] || { total: 0, values: {} };
    fields1[key].total += 1;
    const v = value === null ? "\u0000null" : JSON.stringify(value);
    fields1[key].values[v] = (fields1[key].values[v] || 0) + 1;
  }
}

// ---- article: Calculate the privacy profile of all the fields
const PrivacyProfile = (function(){
return {
"hashed": null,
table: Object.entries(fields1).map(d=>{
let key = d[0];
d = d[1];
let total = d.total;

let categories = Object.values(d.values).length;
let privFactor = Object.values(d.values)
.map(freq=>1-(1/freq))
.reduce((a,d)=>a+d,0)
/categories
;
let shannon = Object.values(d.values)
.map(freq=>Math.log(freq)/Math.LN2)
.reduce((a,d)=>a+d,0)
/categories
;
let hart = Object.values(d.values)
.map(freq=>Math.log(freq)/Math.LN10)
.reduce((a,d)=>a+d,0)
/categories
;
return {
"Field": key,
"PrivacyFactor": privFactor,
"Shannons": shannon,
"Harts": hart,
"Probability": 1-privFactor,
"Values": total,
"Categories" : categories,
};
})
}
})();
PrivacyProfile.hashed = Object.fromEntries(PrivacyProfile.table.map(d => [d.Field, d]));

// ---- article (GenerateReqest, score part)
let req = PrivacyProfile.table.filter(d=>request.includes(d.Field)).map(d=>d.Field);
let score = req.reduce((a,d)=>a*PrivacyProfile.hashed[d]['PrivacyFactor'],1);

process.stdout.write(JSON.stringify({ table: PrivacyProfile.table, score: score }));
