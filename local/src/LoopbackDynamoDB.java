import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local listening on 127.0.0.1 only. Its command line has no host option and its Jetty
 * server would listen on every interface, so this sets the host on its connectors before start.
 * Run with the java source launcher: java -cp DynamoDBLocal.jar:DynamoDBLocal_lib/* LoopbackDynamoDB.java [its options]
 */
public class LoopbackDynamoDB {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
    proxy.join();
  }
}
