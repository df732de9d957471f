/*
 * JMeter 2.13 on Debian 12 cannot load a .jmx (XStream refuses
 * org.apache.jmeter.save.ScriptWrapper: ForbiddenClassException), so the
 * same plan is built with JMeter's API and run by its engine; the
 * results are written by its own ResultCollector in its CSV format.
 * Usage: java -cp ... RunPlan PORT OUT.jtl [tab]: with "tab", the
 * fields are tab-separated and fewer (no Connect, Hostname, URL); with
 * "xml", the JTL is JMeter's XML form.
 */
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

public class RunPlan {
	static HTTPSamplerProxy get(String name, int port, String path) {
		HTTPSamplerProxy s = new HTTPSamplerProxy();
		s.setName(name);
		s.setDomain("127.0.0.1");
		s.setPort(port);
		s.setProtocol("http");
		s.setPath(path);
		s.setMethod("GET");
		return s;
	}

	public static void main(String[] a) throws Exception {
		int port = Integer.parseInt(a[0]);
		JMeterUtils.setJMeterHome("/usr/share/jmeter");
		JMeterUtils.loadJMeterProperties(
		    "/usr/share/jmeter/bin/jmeter.properties");
		JMeterUtils.setProperty("jmeter.save.saveservice.output_format",
		    a.length > 2 && a[2].equals("xml") ? "xml" : "csv");
		boolean tab = a.length > 2 && a[2].equals("tab");
		for (String p : new String[] { "print_field_names",
		    "connect_time", "url", "hostname", "idle_time", "latency",
		    "bytes", "thread_counts", "subresults",
		    "assertion_results_failure_message" })
			JMeterUtils.setProperty("jmeter.save.saveservice." + p,
			    tab && (p.equals("connect_time") || p.equals("url") ||
			    p.equals("hostname")) ? "false" : "true");
		if (tab)
			JMeterUtils.setProperty(
			    "jmeter.save.saveservice.default_delimiter", "\\t");
		JMeterUtils.initLocale();
		StandardJMeterEngine engine = new StandardJMeterEngine();
		LoopController loop = new LoopController();
		loop.setLoops(20);
		loop.setFirst(true);
		loop.initialize();
		ThreadGroup tg = new ThreadGroup();
		tg.setName("users");
		tg.setNumThreads(3);
		tg.setRampUp(1);
		tg.setSamplerController(loop);
		TestPlan plan = new TestPlan("b-tools plan");
		HashTree tree = new HashTree();
		HashTree tgt = tree.add(plan).add(tg);
		tgt.add(get("home", port, "/index.html"));
		tgt.add(get("big, file", port, "/big.txt"));
		tgt.add(get("missing", port, "/nope"));
		ResultCollector rc = new ResultCollector();
		rc.setFilename(a[1]);
		tree.add(tree.getArray()[0], rc);
		engine.configure(tree);
		engine.run();
	}
}
