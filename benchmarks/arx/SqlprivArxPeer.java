/*
 * sqlpriv's own headless driver for ARX (written for sqlpriv, Apache-2.0 like the project).
 * It contains no ARX code: it is compiled and run against an ARX build given on the classpath
 * (see benchmarks/bench_generalize.py --arx DIR, where DIR holds cp.txt from the peer build).
 * Prints one JSON object on stdout.
 *
 *   java -cp CLASSES:ARX_CP SqlprivArxPeer anon --data adult.csv --hier-dir DIR [--qis a,b]
 *        [--k 2,5] [--supp 0,0.05] [--metrics loss,dm,entropy] [--top 20] [--out-dir DIR] [--all-nodes]
 *   java ... SqlprivArxPeer risk --data adult.csv --hier-dir DIR [--qis a,b] [--pi 0.1,0.01] [--threshold 0.2]
 *   java ... SqlprivArxPeer diversity --data adult.csv --hier-dir DIR --qis a,b --sensitive S
 *        [--int-cols age]
 *
 * anon: for every k x suppression x metric the global optimum (levels, score as ARX reports it,
 *       suppressed records, output classes), ARX's own search time (ARXResult.getTime()) and the
 *       in-JVM wall time of anonymize(); with --top N the N best nodes of the lattice after every
 *       node that could tie has been evaluated exactly (--all-nodes: evaluate every node).
 * diversity: the largest l / smallest c / smallest t that ARX accepts on the input (every QI at
 *       level 0, suppression 0), found by repeated checks (bisection; ARX exposes no per-class
 *       value), i.e. ARX's distinct/entropy l-diversity, recursive-(c,l) and t-closeness figures.
 */

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;

import org.deidentifier.arx.ARXAnonymizer;
import org.deidentifier.arx.ARXConfiguration;
import org.deidentifier.arx.ARXPopulationModel;
import org.deidentifier.arx.ARXLattice.ARXNode;
import org.deidentifier.arx.ARXResult;
import org.deidentifier.arx.AttributeType;
import org.deidentifier.arx.AttributeType.Hierarchy;
import org.deidentifier.arx.Data;
import org.deidentifier.arx.DataHandle;
import org.deidentifier.arx.DataType;
import org.deidentifier.arx.aggregates.StatisticsEquivalenceClasses;
import org.deidentifier.arx.criteria.DistinctLDiversity;
import org.deidentifier.arx.criteria.EntropyLDiversity;
import org.deidentifier.arx.criteria.EqualDistanceTCloseness;
import org.deidentifier.arx.criteria.HierarchicalDistanceTCloseness;
import org.deidentifier.arx.criteria.KAnonymity;
import org.deidentifier.arx.criteria.OrderedDistanceTCloseness;
import org.deidentifier.arx.criteria.PrivacyCriterion;
import org.deidentifier.arx.criteria.RecursiveCLDiversity;
import org.deidentifier.arx.io.CSVHierarchyInput;
import org.deidentifier.arx.metric.Metric;
import org.deidentifier.arx.metric.Metric.AggregateFunction;
import org.deidentifier.arx.risk.RiskEstimateBuilder;
import org.deidentifier.arx.risk.RiskModelPopulationUniqueness;
import org.deidentifier.arx.risk.RiskModelSampleRisks;
import org.deidentifier.arx.risk.RiskModelSampleSummary;

public class SqlprivArxPeer {

    static final Map<String, String> A = new HashMap<>();

    static String arg(String k, String d) { return A.getOrDefault(k, d); }

    static List<String> list(String s) {
        List<String> r = new ArrayList<>();
        if (s == null) return r;
        for (String x : s.split(",")) if (!x.trim().isEmpty()) r.add(x.trim());
        return r;
    }

    // --- JSON (minimal)
    static String js(Object o) {
        if (o == null) return "null";
        if (o instanceof String) {
            StringBuilder b = new StringBuilder("\"");
            for (char c : ((String) o).toCharArray()) {
                if (c == '"' || c == '\\') b.append('\\').append(c);
                else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                else b.append(c);
            }
            return b.append('"').toString();
        }
        if (o instanceof Double) {
            double d = (Double) o;
            return Double.isFinite(d) ? Double.toString(d) : "null";
        }
        if (o instanceof Number || o instanceof Boolean) return o.toString();
        if (o instanceof double[]) {
            List<Object> l = new ArrayList<>();
            for (double d : (double[]) o) l.add(d);
            return js(l);
        }
        if (o instanceof int[]) {
            List<Object> l = new ArrayList<>();
            for (int d : (int[]) o) l.add(d);
            return js(l);
        }
        if (o instanceof Map) {
            StringBuilder b = new StringBuilder("{");
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                if (!first) b.append(", ");
                first = false;
                b.append(js(String.valueOf(e.getKey()))).append(": ").append(js(e.getValue()));
            }
            return b.append("}").toString();
        }
        if (o instanceof List) {
            StringBuilder b = new StringBuilder("[");
            boolean first = true;
            for (Object x : (List<?>) o) {
                if (!first) b.append(", ");
                first = false;
                b.append(js(x));
            }
            return b.append("]").toString();
        }
        return js(o.toString());
    }

    static Map<String, Object> map() { return new LinkedHashMap<>(); }

    static double msSince(long t0) { return (System.nanoTime() - t0) / 1e6; }

    // --- input
    static Map<String, Hierarchy> hierarchies = new HashMap<>();

    static Data load(List<String> qis, String sensitive) throws Exception {
        char sep = arg("sep", ";").charAt(0);
        Data data = Data.create(arg("data", null), StandardCharsets.UTF_8, sep);
        for (String c : list(arg("int-cols", ""))) data.getDefinition().setDataType(c, DataType.INTEGER);
        for (String q : qis) data.getDefinition().setAttributeType(q, hierarchies.get(q));
        if (sensitive != null) data.getDefinition().setAttributeType(sensitive, AttributeType.SENSITIVE_ATTRIBUTE);
        return data;
    }

    static void loadHierarchies() throws Exception {
        String dataFile = new File(arg("data", null)).getName();
        String dataset = arg("dataset", dataFile.replaceAll("\\.csv$", ""));
        File[] files = new File(arg("hier-dir", null)).listFiles();
        String prefix = dataset + "_hierarchy_";
        for (File f : files) {
            String n = f.getName();
            if (n.startsWith(prefix) && n.endsWith(".csv")) {
                String col = n.substring(prefix.length(), n.length() - 4);
                hierarchies.put(col, Hierarchy.create(new CSVHierarchyInput(f, StandardCharsets.UTF_8, ';').getHierarchy()));
            }
        }
    }

    // --- scores
    static Object scoreValue(ARXNode n, boolean highest) {
        Object s = highest ? n.getHighestScore() : n.getLowestScore();
        if (s == null) return null;
        try {
            Object v = s.getClass().getMethod("getValue").invoke(s);
            return v;
        } catch (Exception e) {
            return s.toString();
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int cmp(ARXNode a, ARXNode b) {
        return ((Comparable) a.getHighestScore()).compareTo(b.getHighestScore());
    }

    static Map<String, Object> nodeInfo(ARXNode n, List<String> qiOrder) {
        Map<String, Object> m = map();
        Map<String, Object> lv = map();
        for (String q : qiOrder) lv.put(q, n.getGeneralization(q));
        m.put("levels", lv);
        m.put("anonymity", String.valueOf(n.getAnonymity()));
        m.put("checked", n.isChecked());
        m.put("score", scoreValue(n, true));
        if (n.getHighestScore() != null && n.getLowestScore() != null
            && n.getHighestScore().compareTo(n.getLowestScore()) != 0) m.put("score_lowest", scoreValue(n, false));
        return m;
    }

    static Map<String, Object> outputFigures(DataHandle out, List<String> qis) {
        Map<String, Object> m = map();
        StatisticsEquivalenceClasses ec = out.getStatistics().getEquivalenceClassStatistics();
        m.put("suppressed_records", ec.getNumberOfSuppressedRecords());
        m.put("classes", ec.getNumberOfEquivalenceClasses());
        m.put("smallest_class", ec.getMinimalEquivalenceClassSize());
        m.put("largest_class", ec.getMaximalEquivalenceClassSize());
        m.put("average_class_size", ec.getAverageEquivalenceClassSize());
        // our own count over the output rows (suppressed records are all '*')
        int[] cols = new int[qis.size()];
        for (int i = 0; i < cols.length; i++) cols[i] = out.getColumnIndexOf(qis.get(i));
        Map<String, Integer> counts = new HashMap<>();
        int supp = 0;
        for (int r = 0; r < out.getNumRows(); r++) {
            if (out.isOutlier(r)) { supp++; continue; }
            StringBuilder k = new StringBuilder();
            for (int c : cols) k.append(out.getValue(r, c)).append('\u0001');
            counts.merge(k.toString(), 1, Integer::sum);
        }
        Map<Integer, Integer> hist = new java.util.TreeMap<>();
        for (int v : counts.values()) hist.merge(v, 1, Integer::sum);
        m.put("outlier_rows_counted", supp);
        m.put("classes_counted", counts.size());
        m.put("class_size_histogram", hist);
        return m;
    }

    static void anon() throws Exception {
        loadHierarchies();
        List<String> qis = list(arg("qis", null));
        if (qis.isEmpty()) { qis.addAll(hierarchies.keySet()); qis.sort(null); }
        int top = Integer.parseInt(arg("top", "0"));
        boolean allNodes = A.containsKey("all-nodes");
        String outDir = arg("out-dir", null);
        List<Object> runs = new ArrayList<>();
        Map<String, Object> res = map();
        long t0 = System.nanoTime();
        Class.forName("org.deidentifier.arx.DataType"); // one-time locale scan, timed apart
        res.put("datatype_init_ms", msSince(t0));
        for (String k : list(arg("k", "2,5"))) {
            for (String s : list(arg("supp", "0,0.05"))) {
                for (String metric : list(arg("metrics", "loss,dm"))) {
                    Map<String, Object> r = map();
                    r.put("k", Integer.parseInt(k));
                    r.put("suppression_limit", Double.parseDouble(s));
                    r.put("metric", metric);
                    long tl = System.nanoTime();
                    Data data = load(qis, null);
                    r.put("load_ms", msSince(tl));
                    ARXConfiguration cfg = ARXConfiguration.create();
                    cfg.addPrivacyModel(new KAnonymity(Integer.parseInt(k)));
                    cfg.setSuppressionLimit(Double.parseDouble(s));
                    cfg.setQualityModel(metric.equals("loss") ? Metric.createLossMetric(AggregateFunction.RANK)
                                        : metric.equals("entropy") ? Metric.createEntropyMetric()
                                        : Metric.createDiscernabilityMetric());
                    long ta = System.nanoTime();
                    ARXResult result = new ARXAnonymizer().anonymize(data, cfg);
                    r.put("anonymize_wall_ms", msSince(ta));
                    r.put("arx_search_time_ms", result.getTime());
                    r.put("quality_model", cfg.getQualityModel().getName());
                    r.put("lattice_size", result.getLattice().getSize());
                    ARXNode opt = result.getGlobalOptimum();
                    if (opt == null) {
                        r.put("optimum", null);
                        runs.add(r);
                        continue;
                    }
                    r.put("optimum", nodeInfo(opt, qis));
                    r.put("transformation_vector_order", Arrays.asList(opt.getQuasiIdentifyingAttributes()));
                    long to = System.nanoTime();
                    DataHandle out = result.getOutput(opt, false);
                    r.put("output", outputFigures(out, qis));
                    r.put("output_ms", msSince(to));
                    if (outDir != null) {
                        out.save(new File(outDir, "arx_out_k" + k + "_s" + s + "_" + metric + ".csv"), ';');
                    }
                    if (top > 0) {
                        long tt = System.nanoTime();
                        List<ARXNode> nodes = new ArrayList<>();
                        for (ARXNode[] level : result.getLattice().getLevels()) nodes.addAll(Arrays.asList(level));
                        int forced = 0;
                        for (ARXNode n : nodes) {
                            boolean exact = n.isChecked() && n.getHighestScore() != null
                                            && n.getHighestScore().compareTo(n.getLowestScore()) == 0;
                            if (!exact && (allNodes || n.getLowestScore() == null
                                           || n.getLowestScore().compareTo(opt.getHighestScore()) <= 0)) {
                                result.getOutput(n, false);
                                forced++;
                            }
                        }
                        int anonymous = 0, checked = 0;
                        List<ARXNode> cand = new ArrayList<>();
                        for (ARXNode n : nodes) {
                            if (n.isChecked()) checked++;
                            if (String.valueOf(n.getAnonymity()).equals("ANONYMOUS")) { anonymous++; cand.add(n); }
                        }
                        cand.sort(SqlprivArxPeer::cmp);
                        List<Object> best = new ArrayList<>();
                        for (int i = 0; i < Math.min(top, cand.size()); i++) best.add(nodeInfo(cand.get(i), qis));
                        Map<String, Object> lat = map();
                        lat.put("nodes", nodes.size());
                        lat.put("evaluated_by_search", checked - forced);
                        lat.put("evaluated_after_forcing", checked);
                        lat.put("forced_nodes", forced);
                        lat.put("anonymous_nodes_known", anonymous);
                        lat.put("ties_with_optimum", countTies(cand, opt));
                        lat.put("best_anonymous_nodes", best);
                        lat.put("ms", msSince(tt));
                        r.put("lattice", lat);
                    }
                    runs.add(r);
                }
            }
        }
        res.put("quasi_identifiers", qis);
        res.put("runs", runs);
        System.out.println(js(res));
    }

    static int countTies(List<ARXNode> cand, ARXNode opt) {
        int t = 0;
        for (ARXNode n : cand) if (n.getHighestScore().compareTo(opt.getHighestScore()) == 0) t++;
        return t;
    }

    // --- diversity / closeness on the input
    static boolean ok(List<String> qis, String sens, PrivacyCriterion c) throws Exception {
        Data data = load(qis, sens);
        for (String q : qis) {
            data.getDefinition().setMinimumGeneralization(q, 0);
            data.getDefinition().setMaximumGeneralization(q, 0);
        }
        ARXConfiguration cfg = ARXConfiguration.create();
        cfg.addPrivacyModel(c);
        cfg.setSuppressionLimit(0d);
        return new ARXAnonymizer().anonymize(data, cfg).getGlobalOptimum() != null;
    }

    static int checks = 0;

    /** Smallest x in [lo, hi] with ok(x) (monotone: false ... false true ... true); null if ok(hi) fails. */
    static Double smallest(double lo, double hi, int iters, DoubleFunction<PrivacyCriterion> f, List<String> q, String s) throws Exception {
        checks++;
        if (!ok(q, s, f.apply(hi))) return null;
        checks++;
        if (ok(q, s, f.apply(lo))) return lo;
        for (int i = 0; i < iters; i++) {
            double mid = (lo + hi) / 2;
            checks++;
            if (ok(q, s, f.apply(mid))) hi = mid; else lo = mid;
        }
        return hi;
    }

    /** Largest x in [lo, hi] with ok(x) (monotone: true ... true false ... false). */
    static Double largest(double lo, double hi, int iters, DoubleFunction<PrivacyCriterion> f, List<String> q, String s) throws Exception {
        checks++;
        if (ok(q, s, f.apply(hi))) return hi;
        checks++;
        if (!ok(q, s, f.apply(lo))) return null;
        for (int i = 0; i < iters; i++) {
            double mid = (lo + hi) / 2;
            checks++;
            if (ok(q, s, f.apply(mid))) lo = mid; else hi = mid;
        }
        return lo;
    }

    interface Crit { PrivacyCriterion make(double x) throws Exception; }

    static DoubleFunction<PrivacyCriterion> wrap(Crit c) {
        return x -> { try { return c.make(x); } catch (Exception e) { throw new RuntimeException(e); } };
    }

    static void diversity() throws Exception {
        loadHierarchies();
        List<String> qis = list(arg("qis", null));
        String s = arg("sensitive", null);
        Data probe = load(qis, s);
        int col = probe.getHandle().getColumnIndexOf(s);
        int distinct = probe.getHandle().getDistinctValues(col).length;
        int n = probe.getHandle().getNumRows();
        Map<String, Object> r = map();
        r.put("sensitive", s);
        r.put("quasi_identifiers", qis);
        r.put("rows", n);
        r.put("distinct_sensitive_values", distinct);
        r.put("sensitive_data_type", String.valueOf(probe.getDefinition().getDataType(s)));
        long t0 = System.nanoTime();
        // distinct l: largest integer l
        int l = 1;
        for (int x = 2; x <= distinct; x++) { checks++; if (ok(qis, s, new DistinctLDiversity(s, x))) l = x; else break; }
        r.put("distinct_l_diversity", l);
        r.put("entropy_l_diversity", largest(1, distinct, 60, wrap(x -> new EntropyLDiversity(s, x)), qis, s));
        Map<String, Object> rec = map();
        for (int ll = 2; ll <= Math.min(3, distinct); ll++) {
            final int lf = ll;
            // recursive-(c,l) holds iff r1 < c (r_l + ... + r_m) in every class; the infimum c
            rec.put("l=" + ll, smallest(0, n + 1.0, 90, wrap(x -> new RecursiveCLDiversity(s, x, lf)), qis, s));
        }
        r.put("recursive_c_infimum", rec);
        r.put("equal_distance_t_closeness", smallest(0, 1, 60, wrap(x -> new EqualDistanceTCloseness(s, x)), qis, s));
        r.put("ordered_distance_t_closeness", smallest(0, 1, 60, wrap(x -> new OrderedDistanceTCloseness(s, x)), qis, s));
        if (hierarchies.containsKey(s)) {
            Hierarchy h = hierarchies.get(s);
            r.put("hierarchical_distance_t_closeness", smallest(0, 1, 60, wrap(x -> new HierarchicalDistanceTCloseness(s, x, h)), qis, s));
        }
        r.put("checks", checks);
        r.put("ms", msSince(t0));
        System.out.println(js(r));
    }

    static void risk() throws Exception {
        loadHierarchies();
        List<String> qis = list(arg("qis", null));
        if (qis.isEmpty()) { qis.addAll(hierarchies.keySet()); qis.sort(null); }
        double threshold = Double.parseDouble(arg("threshold", "0.2"));
        DataHandle h = load(qis, null).getHandle();
        int n = h.getNumRows();
        RiskEstimateBuilder b = h.getRiskEstimator(ARXPopulationModel.create(n, 0.1));
        Map<String, Object> r = map();
        r.put("quasi_identifiers", qis);
        r.put("records", n);
        r.put("classes", b.getEquivalenceClassModel().getNumClasses());
        RiskModelSampleRisks sr = b.getSampleBasedReidentificationRisk();
        r.put("average_risk", sr.getAverageRisk());
        r.put("highest_risk", sr.getHighestRisk());
        r.put("lowest_risk", sr.getLowestRisk());
        r.put("sample_uniqueness", b.getSampleBasedUniquenessRisk().getFractionOfUniqueRecords());
        RiskModelSampleSummary sum = b.getSampleBasedRiskSummary(threshold);
        r.put("threshold", threshold);
        r.put("prosecutor_records_at_risk", sum.getProsecutorRisk().getRecordsAtRisk());
        r.put("prosecutor_highest_risk", sum.getProsecutorRisk().getHighestRisk());
        r.put("prosecutor_success_rate", sum.getProsecutorRisk().getSuccessRate());
        r.put("journalist_records_at_risk", sum.getJournalistRisk().getRecordsAtRisk());
        r.put("journalist_highest_risk", sum.getJournalistRisk().getHighestRisk());
        r.put("journalist_success_rate", sum.getJournalistRisk().getSuccessRate());
        r.put("marketer_success_rate", sum.getMarketerRisk().getSuccessRate());
        List<Object> pops = new ArrayList<>();
        for (String pi : list(arg("pi", "0.1,0.01"))) {
            RiskModelPopulationUniqueness pu = h.getRiskEstimator(ARXPopulationModel.create(n, Double.parseDouble(pi)))
                                                .getPopulationBasedUniquenessRisk();
            Map<String, Object> e = map();
            e.put("pi", Double.parseDouble(pi));
            e.put("pitman", pu.isAvailableEstimatePitman() ? pu.getFractionOfUniqueTuplesPitman() : null);
            e.put("zayatz", pu.isAvailableEstimateZayatz() ? pu.getFractionOfUniqueTuplesZayatz() : null);
            e.put("snb", pu.isAvailableEstimateSNB() ? pu.getFractionOfUniqueTuplesSNB() : null);
            e.put("dankar", pu.isAvailableEstimateDankar() ? pu.getFractionOfUniqueTuplesDankar() : null);
            e.put("dankar_model", String.valueOf(pu.getPopulationUniquenessModel()));
            pops.add(e);
        }
        r.put("population_uniqueness", pops);
        System.out.println(js(r));
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        String mode = args[0];
        for (int i = 1; i < args.length; i++) {
            String k = args[i].substring(2);
            if (k.equals("all-nodes")) A.put(k, "1");
            else A.put(k, args[++i]);
        }
        if (mode.equals("anon")) anon();
        else if (mode.equals("diversity")) diversity();
        else if (mode.equals("risk")) risk();
        else throw new IllegalArgumentException("mode must be anon, risk or diversity");
    }
}
